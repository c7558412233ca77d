/** What a package can do, in plain words, with the tools that show it. */
import type { Capability, CapabilityId } from '../../core/catalogue/capabilities.ts';

export interface CapabilityLine {
  id: CapabilityId;
  title: string;
  /** "start_process, interact_with_process and 2 more" */
  shownBy: string;
  tone: 'risk' | 'note' | 'safe';
}

const WORDS: Readonly<Record<CapabilityId, { title: string; tone: CapabilityLine['tone'] }>> = {
  'runs-code': { title: 'Runs commands or code', tone: 'risk' },
  'changes-files': { title: 'Changes, moves or deletes files', tone: 'risk' },
  'reads-files': { title: 'Reads files', tone: 'note' },
  'reaches-network': { title: 'Reaches the network', tone: 'note' },
  'sends-messages': { title: 'Sends messages or posts for you', tone: 'risk' },
  'changes-data': { title: 'Changes or deletes data in what it connects to', tone: 'risk' },
  'read-only': { title: 'Only reads: every tool is marked read-only', tone: 'safe' },
  'ships-scripts': { title: 'Ships scripts the agent may run', tone: 'risk' },
};

const SHOWN = 3;

export function capabilityLines(capabilities: readonly Capability[]): CapabilityLine[] {
  return capabilities.map((capability) => {
    const first = capability.shown_by.slice(0, SHOWN);
    const more = capability.shown_by.length - first.length;
    return {
      id: capability.id,
      ...WORDS[capability.id],
      shownBy: `${first.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
    };
  });
}
