import type { PackageAggregate } from '../aggregate/package-aggregate.ts';
import type { FailureRecord } from '../failures/failure-record.ts';
import type { RegistryRecord } from '../registry/registry-record.ts';
import { registryView } from '../registry/registry-view.ts';
import { DIMENSION_WEIGHTS, DIMENSIONS, type Dimension } from '../rubric/dimensions.ts';
import type { PackageState } from '../states/package-state.ts';
import type { EvaluationDocument, PackageFile } from '../types.ts';
import { capabilitiesOf } from './capabilities.ts';
import type { DimensionScore, PackageRecord, PackageSummary } from './catalogue-types.ts';
import { checkOutcomes } from './check-views.ts';
import { scoreBasis } from './score-basis.ts';

/** The tool names an MCP server listed in the evaluation, sorted as the snapshot keeps them. */
function toolNames(representative: EvaluationDocument | undefined): string[] {
  const tools = representative?.inputs?.tools;
  if (!Array.isArray(tools)) return [];
  return tools
    .map((tool: unknown) => (tool as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === 'string');
}

export function packageRecord(
  pkg: PackageFile,
  aggregate: PackageAggregate,
  state: PackageState,
  representative: EvaluationDocument | undefined,
  updatedAt: string,
  registry?: RegistryRecord,
  failure: FailureRecord | null = null,
): PackageRecord {
  const dimensions = Object.fromEntries(
    DIMENSIONS.map((dimension) => [
      dimension,
      { score: aggregate.dimensions[dimension], weight: DIMENSION_WEIGHTS[pkg.kind][dimension] },
    ]),
  ) as Record<Dimension, DimensionScore>;
  const caps = representative ? [...representative.scores.caps_applied] : [];
  const checks = checkOutcomes(representative);
  const rubricVersion = representative?.rubric_version ?? null;
  return {
    id: pkg.id,
    name: pkg.name,
    kind: pkg.kind,
    category: pkg.category,
    description: pkg.description,
    version: pkg.version ?? null,
    af_score: aggregate.afScore,
    security_score: aggregate.dimensions.security,
    reliability_score: aggregate.dimensions.reliability,
    grade: aggregate.grade,
    evaluation_status: state.status,
    confidence: aggregate.confidence,
    score_basis: scoreBasis({
      kind: pkg.kind,
      af_score: aggregate.afScore,
      confidence: aggregate.confidence,
      caps_applied: caps,
      dimensions,
      rubric_version: rubricVersion,
      checks,
      evaluations: aggregate.evaluations,
    }),
    flags: aggregate.flags,
    deprecated: pkg.deprecated ?? null,
    updated_at: updatedAt,
    long_description: pkg.body,
    repository: pkg.repository,
    homepage: pkg.homepage ?? null,
    distribution: pkg.distribution,
    license: pkg.license ?? null,
    configuration: pkg.configuration ?? {},
    requests: pkg.requests ?? 0,
    keywords: pkg.keywords ?? [],
    tools: toolNames(representative),
    capabilities: capabilitiesOf(representative?.inputs),
    maintainers: pkg.maintainers,
    added: pkg.added,
    dimensions,
    state_reasons: state.reasons,
    cross_validated: aggregate.crossValidated,
    independent_evaluators: aggregate.independentEvaluators,
    spread: aggregate.spread,
    evaluated_version: aggregate.scoredVersion,
    evaluated_artifact: representative?.subject.artifact ?? null,
    last_evaluated_at: aggregate.lastEvaluatedAt,
    representative_evaluation_id: aggregate.representativeId,
    rubric_version: rubricVersion,
    caps_applied: caps,
    checks,
    evaluations: aggregate.evaluations,
    needs_review: pkg.needs_review ?? [],
    registry: registryView(registry),
    start_failure: failure,
  };
}

/** The fields of a package that list endpoints return. */
export function summaryOf(record: PackageRecord): PackageSummary {
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    category: record.category,
    description: record.description,
    version: record.version,
    af_score: record.af_score,
    security_score: record.security_score,
    reliability_score: record.reliability_score,
    grade: record.grade,
    evaluation_status: record.evaluation_status,
    confidence: record.confidence,
    score_basis: record.score_basis,
    flags: record.flags,
    deprecated: record.deprecated,
    updated_at: record.updated_at,
  };
}
