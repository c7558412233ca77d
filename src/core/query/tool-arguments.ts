/**
 * MCP tool arguments arrive as JSON; the read API's parsers take query parameters. Turning the one
 * into the other lets both adapters share every rule and every message: `limit: 500` is refused by
 * the same reader, with the same words, as `?per_page=500`.
 */
import type { ParameterIssue, ParseResult, QueryParams } from './query-params.ts';

function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/**
 * Scalars become one-value parameters; null and absent arguments are left out (agents often send
 * null for an optional argument they do not use). Lists and objects are refused with the name of
 * the argument, since no parameter of the read API takes one.
 */
export function argumentParams(
  args: Readonly<Record<string, unknown>> | undefined,
): ParseResult<QueryParams> {
  const params = new Map<string, string[]>();
  const issues: ParameterIssue[] = [];
  for (const [name, value] of Object.entries(args ?? {})) {
    if (value === undefined || value === null) continue;
    const text = scalarText(value);
    if (text === null) {
      issues.push({
        parameter: name,
        message: `must be a single string or number, not ${Array.isArray(value) ? 'a list' : 'an object'}`,
        hint: 'see the input schema of the tool',
      });
    } else params.set(name, [text]);
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: params };
}

/**
 * A list argument (such as the ids to compare) as the comma-separated value the read API takes; a
 * string is taken as already separated. An empty list counts as absent, so the parser says it is
 * required.
 */
export function listArgument(value: unknown, parameter: string): ParseResult<string | undefined> {
  if (value === undefined || value === null) return { ok: true, value: undefined };
  if (typeof value === 'string') return { ok: true, value };
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return { ok: true, value: value.length === 0 ? undefined : value.join(',') };
  return {
    ok: false,
    issues: [
      {
        parameter,
        message: 'must be a list of strings',
        hint: 'for example ["server-memory", "server-filesystem"]',
      },
    ],
  };
}
