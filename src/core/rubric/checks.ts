/**
 * The rubric 2 check catalogue, for every published version, assembled from the definitions that
 * sit beside each check's code (`checks/<subject>/<name>.def.ts`, as a Scorecard probe keeps its
 * `def.yml` beside its code and test). Ids are stable: a check keeps its id while its subject stays
 * the same, and a check that changes subject gets a new id. What a version changed is written
 * beside the check (`since`, `before`) and summed up in `changelog.ts`.
 * Documents carry the id and the outcome; dimension, severity and method come from here, for the
 * rubric version the document names, so a document cannot re-weight its own checks.
 *
 * Every security check of the server reads everything a model reads, on every face the evaluator
 * saw: names, titles, descriptions, every string of input and output schemas, the server's
 * instructions, prompt messages, resource contents, and the text of tool results and errors, for
 * each client identity and each listing (see the evaluation guide).
 */
import { SERVER_JUDGED_CHECKS, SKILL_JUDGED_CHECKS } from '../checks/judge/judged-checks.def.ts';
import { PACKAGE_CHECKS } from '../checks/package/package-checks.def.ts';
import { ANNOTATIONS_CHECKS } from '../checks/server/annotations.def.ts';
import { CONTEXT_COST_CHECKS } from '../checks/server/context-cost.def.ts';
import { DEFINITION_CHANGES_CHECKS } from '../checks/server/definition-changes.def.ts';
import { DESCRIPTIONS_CHECKS } from '../checks/server/descriptions.def.ts';
import { EXFILTRATION_PARAMETERS_CHECKS } from '../checks/server/exfiltration-parameters.def.ts';
import { POISONING_CHECKS } from '../checks/server/poisoning.def.ts';
import { RESOURCES_PROMPTS_CHECKS } from '../checks/server/resources-prompts.def.ts';
import { RISK_ANNOTATIONS_CHECKS } from '../checks/server/risk-annotations.def.ts';
import { RUNTIME_CHECKS } from '../checks/server/runtime-checks.def.ts';
import { SANDBOX_CHECKS } from '../checks/server/sandbox-checks.def.ts';
import { SCHEMA_HYGIENE_CHECKS } from '../checks/server/schema-hygiene.def.ts';
import { SCHEMA_VALIDITY_CHECKS } from '../checks/server/schema-validity.def.ts';
import { TOOL_NAMES_CHECKS } from '../checks/server/tool-names.def.ts';
import { SKILL_BODY_CHECKS } from '../checks/skill/body.def.ts';
import { SKILL_CODE_SAFETY_CHECKS } from '../checks/skill/code-safety.def.ts';
import { SKILL_FRONTMATTER_CHECKS } from '../checks/skill/frontmatter.def.ts';
import { SKILL_HIDDEN_CONTENT_CHECKS } from '../checks/skill/hidden-content.def.ts';
import { SKILL_REFERENCES_CHECKS } from '../checks/skill/references.def.ts';
import { SKILL_SCRIPTS_CHECKS } from '../checks/skill/scripts.def.ts';
import { SKILL_SECRETS_CHECKS } from '../checks/skill/secrets.def.ts';
import { DIMENSIONS, PACKAGE_KINDS, type PackageKind } from '../vocabulary.ts';
import type { CheckDefinition, CheckEntry } from './check-definition.ts';
import { isBefore, RUBRIC_VERSION, RUBRIC_VERSIONS, type RubricVersion } from './versions.ts';

export type { CheckDefinition } from './check-definition.ts';

/** Every definition file of each kind; the catalogue order comes from `byDimensionThenId`, not from this list. */
export const DEFINITIONS: Readonly<Record<PackageKind, readonly (readonly CheckEntry[])[]>> = {
  'mcp-server': [
    POISONING_CHECKS,
    EXFILTRATION_PARAMETERS_CHECKS,
    DEFINITION_CHANGES_CHECKS,
    RISK_ANNOTATIONS_CHECKS,
    SCHEMA_VALIDITY_CHECKS,
    SCHEMA_HYGIENE_CHECKS,
    TOOL_NAMES_CHECKS,
    DESCRIPTIONS_CHECKS,
    ANNOTATIONS_CHECKS,
    RESOURCES_PROMPTS_CHECKS,
    CONTEXT_COST_CHECKS,
    RUNTIME_CHECKS,
    SANDBOX_CHECKS,
    PACKAGE_CHECKS,
    SERVER_JUDGED_CHECKS,
  ],
  skill: [
    SKILL_HIDDEN_CONTENT_CHECKS,
    SKILL_SECRETS_CHECKS,
    SKILL_CODE_SAFETY_CHECKS,
    SKILL_FRONTMATTER_CHECKS,
    SKILL_REFERENCES_CHECKS,
    SKILL_SCRIPTS_CHECKS,
    SKILL_BODY_CHECKS,
    SKILL_JUDGED_CHECKS,
  ],
};

/**
 * The published order: by dimension as the vocabulary lists them, then by id, so deterministic
 * checks (SEC-01) come before judged ones (SEC-L1) of the same dimension.
 */
function byDimensionThenId(entries: readonly CheckEntry[]): CheckEntry[] {
  const rank = (entry: CheckEntry) => DIMENSIONS.indexOf(entry.dimension);
  return [...entries].sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const ENTRIES: Readonly<Record<PackageKind, readonly CheckEntry[]>> = {
  'mcp-server': byDimensionThenId(DEFINITIONS['mcp-server'].flat()),
  skill: byDimensionThenId(DEFINITIONS.skill.flat()),
};

/** The check as it stood in `version`, or null when it did not exist yet. */
function asOf(kind: PackageKind, entry: CheckEntry, version: RubricVersion): CheckDefinition | null {
  if (entry.since !== undefined && isBefore(version, entry.since)) return null;
  const { since: _since, before, ...definition } = entry;
  const earlier = (before ?? []).filter((form) => isBefore(version, form.until));
  // The earliest matching form wins: walk from the newest change back to the oldest.
  return Object.assign({ ...definition, kind }, ...earlier.reverse().map((form) => form.was));
}

function catalogue(version: RubricVersion): readonly CheckDefinition[] {
  return PACKAGE_KINDS.flatMap((kind) => ENTRIES[kind].map((entry) => asOf(kind, entry, version))).filter(
    (check): check is CheckDefinition => check !== null,
  );
}

interface VersionIndex {
  all: readonly CheckDefinition[];
  byKind: ReadonlyMap<PackageKind, readonly CheckDefinition[]>;
  byKindAndId: ReadonlyMap<PackageKind, ReadonlyMap<string, CheckDefinition>>;
}

function index(version: RubricVersion): VersionIndex {
  const all = catalogue(version);
  const byKind = new Map(PACKAGE_KINDS.map((kind) => [kind, all.filter((check) => check.kind === kind)]));
  const byKindAndId = new Map(
    PACKAGE_KINDS.map((kind) => [kind, new Map(byKind.get(kind)!.map((check) => [check.id, check]))]),
  );
  return { all, byKind, byKindAndId };
}

const VERSIONS = new Map<RubricVersion, VersionIndex>(
  RUBRIC_VERSIONS.map((version) => [version, index(version)]),
);

/** The current catalogue. */
export const CHECKS: readonly CheckDefinition[] = VERSIONS.get(RUBRIC_VERSION)!.all;

export function checksFor(
  kind: PackageKind,
  version: RubricVersion = RUBRIC_VERSION,
): readonly CheckDefinition[] {
  return VERSIONS.get(version)!.byKind.get(kind) ?? [];
}

export function findCheck(
  kind: PackageKind,
  id: string,
  version: RubricVersion = RUBRIC_VERSION,
): CheckDefinition | undefined {
  return VERSIONS.get(version)!.byKindAndId.get(kind)?.get(id);
}
