/**
 * INT-02: the schema problems linters flag (Cisco mcp-scanner lint): required parameters that do
 * not exist, properties without a type, empty enums, and nesting deeper than a model can fill
 * reliably. Graded by the share of tools without problems.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { pointerJoin } from '../../validation/issue.ts';
import { MAX_SCHEMA_DEPTH } from '../check-policy.ts';
import { countOf, graded } from '../results.ts';
import { asObject, declaresType, requiredOf, walkSchema } from '../schema-utils.ts';
import type { McpSnapshot } from '../snapshot.ts';

export function schemaHygieneProblems(schema: unknown, base: string): Evidence[] {
  const problems: Evidence[] = [];
  const root = asObject(schema);
  if (!root) return problems;
  const nodes = walkSchema(root, base);
  for (const node of nodes) {
    const properties = asObject(node.schema.properties) ?? {};
    for (const name of requiredOf(node.schema)) {
      if (!(name in properties)) {
        problems.push({
          location: `${node.pointer}/required`,
          value: `requires "${name}", which is not a property`,
        });
      }
    }
    if (Array.isArray(node.schema.enum) && node.schema.enum.length === 0) {
      problems.push({ location: `${node.pointer}/enum`, value: 'empty enum' });
    }
    // Only the first level past the limit, once per branch.
    if (node.depth === MAX_SCHEMA_DEPTH + 1) {
      problems.push({ location: node.pointer, value: `nested ${node.depth} levels deep` });
    }
  }
  for (const node of nodes) {
    const parentIsProperties = /\/properties\/[^/]+$/.test(node.pointer);
    if (parentIsProperties && !declaresType(node.schema)) {
      problems.push({ location: node.pointer, value: 'property has no type' });
    }
  }
  return problems;
}

export function checkSchemaHygiene(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  let clean = 0;
  snapshot.tools.forEach((tool, index) => {
    const problems = schemaHygieneProblems(tool.inputSchema, pointerJoin('/tools', index, 'inputSchema'));
    if (problems.length === 0) clean += 1;
    evidence.push(...problems);
  });
  const total = snapshot.tools.length;
  if (total === 0) return graded('INT-02', 1, 'No tools to check.');
  return graded(
    'INT-02',
    clean / total,
    evidence.length === 0
      ? `All ${total} input schemas are clean.`
      : `${countOf(clean, total, 'tools')} have clean input schemas.`,
    evidence,
  );
}
