/**
 * INT-06 and INT-07: what a tool declares about itself beyond its inputs: behaviour hints that let
 * clients skip or require confirmation, and an output schema that lets them use results as data.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { pointerJoin } from '../../validation/issue.ts';
import { countOf, graded, pass } from '../results.ts';
import { asObject } from '../schema-utils.ts';
import type { McpSnapshot } from '../snapshot.ts';

export function checkAnnotationsDeclared(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  snapshot.tools.forEach((tool, index) => {
    const hints = tool.annotations ?? {};
    const location = pointerJoin('/tools', index, 'annotations');
    if (typeof hints.readOnlyHint !== 'boolean') {
      evidence.push({ location, value: `${tool.name} does not declare readOnlyHint` });
    } else if (hints.readOnlyHint === false && typeof hints.destructiveHint !== 'boolean') {
      evidence.push({
        location,
        value: `${tool.name} is not read-only but does not declare destructiveHint`,
      });
    }
  });
  const total = snapshot.tools.length;
  if (total === 0) return pass('INT-06', 'No tools to annotate.');
  const annotated = total - evidence.length;
  return graded(
    'INT-06',
    annotated / total,
    `${countOf(annotated, total, 'tools')} declare their behaviour hints.`,
    evidence,
  );
}

export function checkOutputSchemas(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  snapshot.tools.forEach((tool, index) => {
    if (!asObject(tool.outputSchema))
      evidence.push({ location: pointerJoin('/tools', index), value: `${tool.name} has no outputSchema` });
  });
  const total = snapshot.tools.length;
  if (total === 0) return pass('INT-07', 'No tools to check.');
  const declared = total - evidence.length;
  return graded(
    'INT-07',
    declared / total,
    `${countOf(declared, total, 'tools')} declare an outputSchema.`,
    evidence,
  );
}
