/**
 * SEC-11 and SEC-12: what a tool's name says it does, against what its annotations declare.
 * Clients use annotations to decide when to ask the user first, so a deleting or sending tool
 * without them, or one that claims to be read-only, removes that safeguard.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { pointerJoin } from '../../validation/issue.ts';
import { countOf, fail, graded, notApplicable, pass } from '../results.ts';
import { type RiskKind, riskKinds } from '../risky-capabilities.ts';
import type { McpSnapshot, SnapshotTool } from '../snapshot.ts';

function declares(tool: SnapshotTool, hint: 'destructiveHint' | 'openWorldHint'): boolean {
  return typeof tool.annotations?.[hint] === 'boolean';
}

/** The annotations a risky tool must declare for its kinds. */
function missingHints(tool: SnapshotTool, kinds: readonly RiskKind[]): string[] {
  const missing = new Set<string>();
  for (const kind of kinds) {
    if (
      (kind === 'destructive' || kind === 'write' || kind === 'execute') &&
      !declares(tool, 'destructiveHint')
    ) {
      missing.add('destructiveHint');
    }
    if ((kind === 'send' || kind === 'fetch') && !declares(tool, 'openWorldHint'))
      missing.add('openWorldHint');
  }
  return [...missing].sort();
}

export function checkRiskyCapabilities(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  let risky = 0;
  snapshot.tools.forEach((tool, index) => {
    const kinds = riskKinds(tool.name);
    if (kinds.length === 0) return;
    risky += 1;
    const missing = missingHints(tool, kinds);
    if (missing.length > 0) {
      evidence.push({
        location: pointerJoin('/tools', index, 'annotations'),
        value: `${tool.name} (${kinds.join(', ')}) does not declare ${missing.join(' or ')}`,
      });
    }
  });
  if (risky === 0)
    return notApplicable('SEC-11', 'No tool is named like a delete, write, send, execute or fetch.');
  const declared = risky - evidence.length;
  return graded(
    'SEC-11',
    declared / risky,
    `${countOf(declared, risky, 'risky tools')} declare destructive/open-world annotations.`,
    evidence,
  );
}

export function checkAnnotationContradictions(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  snapshot.tools.forEach((tool, index) => {
    if (tool.annotations?.readOnlyHint !== true) return;
    const kinds = riskKinds(tool.name).filter((kind) => kind !== 'fetch' && kind !== 'execute');
    if (kinds.length === 0) return;
    evidence.push({
      location: pointerJoin('/tools', index, 'annotations', 'readOnlyHint'),
      value: `${tool.name} is named like a ${kinds.join('/')} but claims readOnlyHint: true`,
    });
  });
  if (evidence.length === 0) return pass('SEC-12', 'No write-named tool claims to be read-only.');
  return fail('SEC-12', `${evidence.length} tool(s) named like writes claim to be read-only.`, evidence);
}
