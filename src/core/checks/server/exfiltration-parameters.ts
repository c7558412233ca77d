/**
 * SEC-05: parameters shaped like side channels (mcp-shield): an optional free-text `notes`,
 * `feedback` or `context` gives a poisoned description somewhere to ask the model to put the
 * user's data, and an open pass-through object takes anything at all.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { pointerJoin } from '../../validation/issue.ts';
import { fail, partial, pass } from '../results.ts';
import { isFreeText, isOpenObject, propertiesOf, requiredOf } from '../schema-utils.ts';
import type { McpSnapshot } from '../snapshot.ts';

/** Parameter names (lowercased, separators removed) that read as side channels. */
export const SIDE_CHANNEL_NAMES: ReadonlySet<string> = new Set([
  'note',
  'notes',
  'sidenote',
  'feedback',
  'debug',
  'debuginfo',
  'extra',
  'extras',
  'extrainfo',
  'context',
  'additionalcontext',
  'metadata',
  'meta',
  'comment',
  'comments',
  'remarks',
]);

function normalise(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function checkExfiltrationParameters(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  snapshot.tools.forEach((tool, index) => {
    const required = new Set(requiredOf(tool.inputSchema));
    for (const [name, schema] of propertiesOf(tool.inputSchema)) {
      if (required.has(name)) continue;
      const location = pointerJoin('/tools', index, 'inputSchema', 'properties', name);
      if (SIDE_CHANNEL_NAMES.has(normalise(name)) && isFreeText(schema)) {
        evidence.push({ location, value: `optional free-text "${name}" on ${tool.name}` });
      } else if (isOpenObject(schema)) {
        evidence.push({ location, value: `optional open object "${name}" on ${tool.name}` });
      }
    }
  });
  if (evidence.length === 0)
    return pass('SEC-05', 'No side-channel parameters or open pass-through objects.');
  if (evidence.length === 1) {
    return partial(
      'SEC-05',
      0.5,
      'One optional parameter could carry data out of the conversation.',
      evidence,
    );
  }
  return fail(
    'SEC-05',
    `${evidence.length} optional parameters could carry data out of the conversation.`,
    evidence,
  );
}
