/**
 * The MCP server checks that are pure functions of the tools/prompts/resources snapshot
 * (`fromSnapshot` in the catalogue). The service can run exactly this on a submitted document's
 * `inputs` to confirm the outcomes.
 */
import type { CheckResult } from '../../types.ts';
import { notRun } from '../results.ts';
import type { McpSnapshot } from '../snapshot.ts';
import { checkAnnotationsDeclared, checkOutputSchemas } from './annotations.ts';
import { checkDescriptionBloat, checkToolCount, checkToolListSize } from './context-cost.ts';
import { checkDefinitionChanges } from './definition-changes.ts';
import { checkParameterDescriptions, checkToolDescriptions } from './descriptions.ts';
import { checkExfiltrationParameters } from './exfiltration-parameters.ts';
import {
  checkHiddenCharacters,
  checkHiddenInstructions,
  checkLookAlikeNames,
  checkSensitiveRequests,
  checkShadowing,
} from './poisoning.ts';
import { checkResourcesAndPrompts } from './resources-prompts.ts';
import { checkAnnotationContradictions, checkRiskyCapabilities } from './risk-annotations.ts';
import { checkSchemaHygiene } from './schema-hygiene.ts';
import { checkSchemaValidity } from './schema-validity.ts';
import { checkToolNames } from './tool-names.ts';

export const MCP_SNAPSHOT_CHECKS: Readonly<Record<string, (snapshot: McpSnapshot) => CheckResult>> = {
  'SEC-01': checkHiddenCharacters,
  'SEC-02': checkHiddenInstructions,
  'SEC-03': checkShadowing,
  'SEC-04': checkSensitiveRequests,
  'SEC-05': checkExfiltrationParameters,
  'SEC-06': checkDefinitionChanges,
  'SEC-11': checkRiskyCapabilities,
  'SEC-12': checkAnnotationContradictions,
  'SEC-14': checkLookAlikeNames,
  'INT-01': checkSchemaValidity,
  'INT-02': checkSchemaHygiene,
  'INT-03': checkToolNames,
  'INT-04': checkToolDescriptions,
  'INT-05': checkParameterDescriptions,
  'INT-06': checkAnnotationsDeclared,
  'INT-07': checkOutputSchemas,
  'INT-08': checkResourcesAndPrompts,
  'EFF-01': checkToolListSize,
  'EFF-02': checkToolCount,
  'EFF-03': checkDescriptionBloat,
};

export function mcpSnapshotChecks(snapshot: McpSnapshot): CheckResult[] {
  const unlisted = noListingAnswered(snapshot);
  if (unlisted !== null) return mcpSnapshotChecksNotRun(unlisted);
  return Object.entries(MCP_SNAPSHOT_CHECKS).map(([, check]) => check(snapshot));
}

/**
 * Why nothing was listed, when no connection's listing answered (rubric 2.1 documents record every
 * face that did). Empty lists are then what the evaluator failed to read, not what the server
 * offers: scanning them would pass a server that hides its tools from the sandbox, say by failing
 * tools/list without the network. Null when some listing answered, or for older documents.
 */
export function noListingAnswered(snapshot: McpSnapshot): string | null {
  if (snapshot.faces === undefined || snapshot.faces.length > 0) return null;
  const unreached = snapshot.unreached ?? [];
  const first = unreached[0];
  const why = first ? ` (connection ${first.connection}, ${first.identity}: ${first.error})` : '';
  return `No listing answered on any of ${unreached.length} connection(s), so there were no definitions to read${why}. The server may need the network or credentials to list its tools.`;
}

/** When there is no snapshot (the server did not start), none of these can run. */
export function mcpSnapshotChecksNotRun(reason: string): CheckResult[] {
  return Object.keys(MCP_SNAPSHOT_CHECKS).map((id) => notRun(id, reason));
}
