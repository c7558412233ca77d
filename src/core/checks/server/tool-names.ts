/**
 * INT-03: tool names by SEP-986, with the stricter set many clients enforce: dots and slashes are
 * allowed by the spec but rejected by some clients, so they only lower the score.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { pointerJoin } from '../../validation/issue.ts';
import { MAX_TOOL_NAME_CHARS } from '../check-policy.ts';
import { escapeInvisible } from '../escape-text.ts';
import { fail, partial, pass } from '../results.ts';
import type { McpSnapshot } from '../snapshot.ts';

const PORTABLE = /^[A-Za-z0-9_-]+$/;
const SPEC_ALLOWED = /^[A-Za-z0-9_./-]+$/;

export function checkToolNames(snapshot: McpSnapshot): CheckResult {
  const broken: Evidence[] = [];
  const unportable: Evidence[] = [];
  const seen = new Map<string, number>();
  snapshot.tools.forEach((tool, index) => {
    const location = pointerJoin('/tools', index, 'name');
    const name = typeof tool.name === 'string' ? tool.name : '';
    const shown = escapeInvisible(name);
    if (seen.has(name))
      broken.push({ location, value: `"${shown}" is also the name of tool ${seen.get(name)}` });
    seen.set(name, index);
    if (name.length < 1 || name.length > MAX_TOOL_NAME_CHARS) {
      broken.push({ location, value: `"${shown}" is ${name.length} characters long` });
    } else if (!SPEC_ALLOWED.test(name)) {
      broken.push({ location, value: `"${shown}" has characters outside [A-Za-z0-9_.-/]` });
    } else if (!PORTABLE.test(name)) {
      unportable.push({ location, value: `"${shown}" uses "." or "/"` });
    }
  });
  if (broken.length > 0)
    return fail('INT-03', `${broken.length} tool name problem(s).`, [...broken, ...unportable]);
  if (unportable.length > 0) {
    return partial(
      'INT-03',
      0.5,
      `${unportable.length} name(s) use "." or "/", which some clients reject.`,
      unportable,
    );
  }
  return pass('INT-03', 'All tool names are unique and portable.');
}
