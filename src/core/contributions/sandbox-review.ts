/**
 * What review says about how an evaluation contained the package: a package's code is hostile, so
 * an evaluation made without a sandbox (--no-sandbox, or no record of one) is flagged for the
 * maintainers, who re-run it or weigh it knowing that. A remote server runs nothing on the
 * contributor's machine and needs none. Package-controlled text never reaches this line: only the
 * record's fixed fields, escaped by the caller.
 */
import type { EvaluationDocument, SandboxRecord } from '../types.ts';

export type SandboxVerdict = 'sandboxed' | 'unsandboxed' | 'not-recorded' | 'remote';

export interface SandboxReview {
  verdict: SandboxVerdict;
  /** Whether review flags it (label `unsandboxed`). */
  flagged: boolean;
  /** One line for the review, in Markdown; every value from the document is passed through `escapeText`. */
  line: string;
}

const GiB = 1024 ** 3;

function limitsText(record: SandboxRecord): string {
  const limits = record.limits;
  if (!limits) return 'limits not recorded';
  const parts = [
    limits.memory_bytes !== undefined
      ? `${Math.round((limits.memory_bytes / GiB) * 10) / 10} GiB memory a process`
      : '',
    limits.processes !== undefined ? `${limits.processes} processes` : '',
    limits.cpu_seconds !== undefined ? `${limits.cpu_seconds} s CPU` : '',
    limits.wall_seconds !== undefined ? `${limits.wall_seconds} s wall` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'limits not recorded';
}

export function sandboxReview(doc: EvaluationDocument, escapeText: (text: string) => string): SandboxReview {
  if (doc.subject.transport === 'streamable-http' || doc.subject.transport === 'sse') {
    return {
      verdict: 'remote',
      flagged: false,
      line: '- Sandbox: not needed (a remote server: nothing of the package ran on the contributor’s machine).',
    };
  }
  const recorded = doc.environment?.sandbox;
  if (recorded === undefined || typeof recorded === 'string') {
    return {
      verdict: 'not-recorded',
      flagged: true,
      line: `- ⚠️ **No sandbox record.** The evaluation does not say, as structured data, how the package was contained${typeof recorded === 'string' ? ` (it says: ${escapeText(recorded)})` : ''}. Re-run it with the current evaluator, or weigh it as an evaluation made without a sandbox.`,
    };
  }
  if (recorded.tool === 'none') {
    return {
      verdict: 'unsandboxed',
      flagged: true,
      line: '- ⚠️ **Made without a sandbox** (`--no-sandbox`): the package ran with the contributor’s access to their machine, install scripts were skipped, and what it tried (SEC-13, REL-10) was not observed. A maintainer re-runs it in the sandbox before relying on it.',
    };
  }
  const version = recorded.version ? ` ${escapeText(recorded.version)}` : '';
  const namespaces = recorded.namespaces?.length ? `, ${recorded.namespaces.join(', ')} namespaces` : '';
  return {
    verdict: 'sandboxed',
    flagged: false,
    line: `- Sandbox: ${escapeText(recorded.tool)}${version}${namespaces}; network ${recorded.network === 'none' ? 'off' : '**on** (--network)'}; ${limitsText(recorded)}.`,
  };
}
