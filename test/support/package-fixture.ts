import type { PackageRecord } from '../../src/core/catalogue/catalogue-types.ts';
import { registryView } from '../../src/core/registry/registry-view.ts';
import { DIMENSIONS } from '../../src/core/rubric/dimensions.ts';
import type { PackageFile } from '../../src/core/types.ts';

/** The package most unit tests score and review: an MCP server with one maintainer. */
export const PG_QUERY: PackageFile = {
  id: 'pg-query',
  name: 'PG Query',
  kind: 'mcp-server',
  category: 'databases',
  description: 'Runs read-only SQL against PostgreSQL.',
  repository: 'https://github.com/example/pg-query',
  distribution: { npm: '@example/pg-query' },
  version: '2.1.0',
  license: 'MIT',
  maintainers: ['pg-maint'],
  added: '2026-01-15',
  body: '',
};

/** PG_QUERY as the catalogue holds it before any evaluation: the base for record-level tests. */
export function packageRecord(overrides: Partial<PackageRecord> = {}): PackageRecord {
  return {
    id: PG_QUERY.id,
    name: PG_QUERY.name,
    kind: PG_QUERY.kind,
    category: PG_QUERY.category,
    description: PG_QUERY.description,
    version: PG_QUERY.version ?? null,
    af_score: null,
    security_score: null,
    reliability_score: null,
    grade: null,
    evaluation_status: 'Not yet evaluated',
    confidence: null,
    score_basis: null,
    flags: [],
    deprecated: null,
    updated_at: '2026-10-01T00:00:00.000Z',
    long_description: '',
    repository: PG_QUERY.repository,
    homepage: null,
    distribution: PG_QUERY.distribution,
    license: PG_QUERY.license ?? null,
    configuration: {},
    requests: 0,
    keywords: [],
    tools: [],
    capabilities: [],
    maintainers: [],
    added: PG_QUERY.added,
    dimensions: Object.fromEntries(
      DIMENSIONS.map((dimension) => [dimension, { score: null, weight: 10 }]),
    ) as PackageRecord['dimensions'],
    state_reasons: [],
    cross_validated: false,
    independent_evaluators: 0,
    spread: null,
    evaluated_version: null,
    evaluated_artifact: null,
    last_evaluated_at: null,
    representative_evaluation_id: null,
    rubric_version: null,
    caps_applied: [],
    checks: [],
    evaluations: [],
    needs_review: [],
    registry: registryView(undefined),
    start_failure: null,
    ...overrides,
  };
}
