/**
 * INT-04 and INT-05: a model chooses tools by their descriptions and fills parameters by theirs
 * (TDQS hard gates: no description, or one that only repeats the name).
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { pointerJoin } from '../../validation/issue.ts';
import { MIN_DESCRIPTION_CHARS } from '../check-policy.ts';
import { countOf, graded, pass } from '../results.ts';
import { type JsonObject, propertiesOf } from '../schema-utils.ts';
import type { McpSnapshot, SnapshotTool } from '../snapshot.ts';

function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Why the tool's description falls short, or null when it is fine. */
export function descriptionProblem(tool: SnapshotTool): string | null {
  const description = typeof tool.description === 'string' ? tool.description.trim() : '';
  if (description.length === 0) return 'has no description';
  const said = squash(description);
  if (said === squash(tool.name) || (typeof tool.title === 'string' && said === squash(tool.title))) {
    return 'only repeats its name';
  }
  if (description.length < MIN_DESCRIPTION_CHARS) return `is described in ${description.length} characters`;
  return null;
}

export function checkToolDescriptions(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  snapshot.tools.forEach((tool, index) => {
    const problem = descriptionProblem(tool);
    if (problem)
      evidence.push({
        location: pointerJoin('/tools', index, 'description'),
        value: `${tool.name} ${problem}`,
      });
  });
  const total = snapshot.tools.length;
  if (total === 0) return pass('INT-04', 'No tools to describe.');
  const described = total - evidence.length;
  return graded(
    'INT-04',
    described / total,
    `${countOf(described, total, 'tools')} are described.`,
    evidence,
  );
}

interface Parameter {
  label: string;
  schema: JsonObject;
  pointer: string;
}

/**
 * The parameters a model fills in. A tool that takes one object wrapping all its arguments
 * (`params`, `request`) is checked on the properties inside it, since those are what the model fills.
 */
export function parametersOf(tool: SnapshotTool, index: number): Parameter[] {
  const top = propertiesOf(tool.inputSchema);
  const base = pointerJoin('/tools', index, 'inputSchema', 'properties');
  if (top.length === 1) {
    const [wrapper, schema] = top[0]!;
    const inner = propertiesOf(schema);
    if (inner.length > 0) {
      return inner.map(([name, property]) => ({
        label: `${tool.name}.${wrapper}.${name}`,
        schema: property,
        pointer: pointerJoin(base, wrapper, 'properties', name),
      }));
    }
  }
  return top.map(([name, schema]) => ({
    label: `${tool.name}.${name}`,
    schema,
    pointer: pointerJoin(base, name),
  }));
}

export function checkParameterDescriptions(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  let total = 0;
  snapshot.tools.forEach((tool, index) => {
    for (const parameter of parametersOf(tool, index)) {
      total += 1;
      const description =
        typeof parameter.schema.description === 'string' ? parameter.schema.description.trim() : '';
      if (description.length === 0) evidence.push({ location: parameter.pointer, value: parameter.label });
    }
  });
  if (total === 0) return pass('INT-05', 'No tool takes parameters.');
  const described = total - evidence.length;
  return graded(
    'INT-05',
    described / total,
    `${countOf(described, total, 'parameters')} are described.`,
    evidence,
  );
}
