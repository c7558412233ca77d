/**
 * JSON Schemas of every response body, for the OpenAPI document. They are strict
 * (`additionalProperties: false`), and the end-to-end tests validate every response against them,
 * so a field added in code but not here fails the build rather than surprising a client.
 */

import { CAPABILITIES } from '../../core/catalogue/capabilities.ts';
import { PRIORITY_FACTORS } from '../../core/catalogue/catalogue-types.ts';
import { START_FAILURE_CLASSES } from '../../core/checks/server/start-failure.ts';
import { CAPS } from '../../core/rubric/policy.ts';
import { evaluationSchema } from '../../core/schemas/evaluation-schema.ts';
import { REVIEW_FIELDS } from '../../core/types.ts';
import {
  CHECK_METHODS,
  CHECK_STATUSES,
  CONFIDENCES,
  DIMENSIONS,
  EVALUATION_STATUSES,
  EVALUATOR_KINDS,
  EXCLUSION_REASONS,
  GRADES,
  PACKAGE_FLAGS,
  PACKAGE_KINDS,
  SCORE_STATUSES,
  SELF_EVALUATIONS,
  SEVERITIES,
  TIER_NAMES,
} from '../../core/vocabulary.ts';

const nullableNumber = { type: ['number', 'null'] };
const nullableString = { type: ['string', 'null'] };
const dateTime = { type: 'string', format: 'date-time' };
const score = { type: ['number', 'null'], minimum: 0, maximum: 100 };
// Every enum comes from core/vocabulary.ts, so the documented words are the ones the code uses.
const kind = { enum: PACKAGE_KINDS };
const grade = { enum: [...GRADES, null] };
const status = { enum: EVALUATION_STATUSES };
const confidence = { enum: [...CONFIDENCES, null] };
const severity = { enum: SEVERITIES };
const flags = { type: 'array', items: { enum: PACKAGE_FLAGS } };

function object(properties: Record<string, unknown>, optional: readonly string[] = []) {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    properties,
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function page(item: unknown, extra: Record<string, unknown> = {}, optional: readonly string[] = []) {
  return object(
    {
      ...extra,
      items: { type: 'array', items: item },
      page: { type: 'integer', minimum: 1 },
      per_page: { type: 'integer', minimum: 0 },
      total: { type: 'integer', minimum: 0 },
      total_pages: { type: 'integer', minimum: 0 },
    },
    optional,
  );
}

const dimensionList = { type: 'array', items: { enum: DIMENSIONS } };

const scoreBasis = {
  oneOf: [
    { type: 'null' },
    object({
      caps: {
        type: 'array',
        description: 'Rubric caps holding af_score below what the dimensions give, with the most they allow.',
        items: object({ id: { type: 'string' }, max_af_score: nullableNumber }),
      },
      confidence,
      evaluations_counted: {
        type: 'integer',
        minimum: 0,
        description: 'Evaluations combined into the score; 1 means it rests on a single evaluation.',
      },
      operator_evaluations: {
        type: 'integer',
        minimum: 0,
        description: "How many of them are the operator's own worker's (at most one: it is one evaluator).",
      },
      dimensions_counted: {
        ...dimensionList,
        description: 'Dimensions with a score; af_score is their weighted mean, rescaled to their weights.',
      },
      dimensions_not_counted: {
        ...dimensionList,
        description: 'Dimensions with too few checks run to score, left out of af_score.',
      },
      model_judged: {
        type: 'boolean',
        description: 'Whether any check judged by a pinned model ran; false means deterministic checks only.',
      },
    }),
  ],
  description: 'What the score rests on; null when there is no score.',
};

const summaryProperties = {
  id: { type: 'string' },
  name: { type: 'string' },
  kind,
  category: { type: 'string' },
  description: { type: 'string' },
  version: nullableString,
  af_score: score,
  security_score: score,
  reliability_score: score,
  grade,
  evaluation_status: status,
  confidence,
  score_basis: scoreBasis,
  flags,
  deprecated: {
    oneOf: [
      { type: 'null' },
      object({ date: { type: 'string', format: 'date' }, reason: { type: 'string' } }),
    ],
    description: 'Set when the registry marked the package deprecated; it stays listed.',
  },
  updated_at: dateTime,
};

const registryInput = object({
  name: { type: 'string' },
  description: nullableString,
  is_required: { type: 'boolean' },
  is_secret: { type: 'boolean' },
});

const registry = object({
  last_synced_at: { type: ['string', 'null'], format: 'date-time' },
  downloads_monthly: { type: ['integer', 'null'], minimum: 0 },
  mcp_name: { ...nullableString, description: 'The server name in the official MCP Registry.' },
  sources: {
    type: 'array',
    description: 'One entry per registry afscore sync reads for this package.',
    items: object({
      registry: { enum: ['npm', 'pypi', 'mcp-registry'] },
      name: { type: 'string' },
      url: { type: 'string' },
      status: { enum: ['ok', 'not-found', 'unpublished', 'deleted'] },
      latest_version: nullableString,
      previous_version: nullableString,
      published_at: { type: ['string', 'null'], format: 'date-time' },
      deprecated: nullableString,
      checked_at: dateTime,
      changed_at: dateTime,
      etag: nullableString,
      last_error: nullableString,
    }),
  },
  environment_variables: { type: 'array', items: registryInput },
  remotes: {
    type: 'array',
    items: object({
      type: { type: 'string' },
      url: { type: 'string' },
      headers: { type: 'array', items: registryInput },
    }),
  },
  imported: {
    oneOf: [
      { type: 'null' },
      object({ source: { enum: ['mcp-registry', 'npm', 'skills'] }, ref: { type: 'string' }, at: dateTime }),
    ],
  },
});

const dimensionScores = object(
  Object.fromEntries(DIMENSIONS.map((d) => [d, object({ score, weight: { type: 'number' } })])),
);

const checkView = object({
  id: { type: 'string' },
  title: { type: 'string' },
  dimension: { enum: DIMENSIONS },
  severity,
  method: { enum: CHECK_METHODS },
  status: { enum: CHECK_STATUSES },
  value: nullableNumber,
  message: nullableString,
  evidence: {
    type: 'array',
    items: object(
      {
        location: { type: 'string' },
        path: { type: 'string' },
        face: { type: 'string' },
        severity,
        excerpt: { type: 'string' },
        value: { type: ['number', 'string', 'boolean'] },
      },
      ['path', 'face', 'severity', 'excerpt', 'value'],
    ),
  },
  remediation: nullableString,
});

const capsApplied = {
  type: 'array',
  description: 'Rubric caps that held the scores down (see the evaluation guide, section 2).',
  items: { enum: CAPS.map((cap) => cap.id) },
};

const evaluationEntry = object({
  evaluation_id: { type: 'string' },
  contributor: { type: 'string' },
  operator: {
    type: 'boolean',
    description:
      "The contributor is the operator's own worker: it counts as one evaluator in the cross-validation rules, like any contributor.",
  },
  tier: { enum: TIER_NAMES },
  version: { type: 'string' },
  rubric_version: { type: 'string', description: 'The rubric version the evaluation was graded under.' },
  finished_at: dateTime,
  published_at: dateTime,
  status: { enum: SCORE_STATUSES },
  af_score: score,
  security_score: score,
  reliability_score: score,
  caps_applied: capsApplied,
  self_evaluation: { enum: SELF_EVALUATIONS },
  spot_check: { enum: ['confirmed', 'diverged', null] },
  counted: { type: 'boolean' },
  weight: { type: 'number' },
  excluded_because: { enum: [...EXCLUSION_REASONS, null] },
  evaluator: object({
    kind: { enum: EVALUATOR_KINDS },
    name: { type: 'string' },
    version: { type: 'string' },
    config_sha256: { type: 'string' },
  }),
  model: nullableString,
});

const distribution = object(
  {
    npm: { type: 'string' },
    pypi: { type: 'string' },
    oci: { type: 'string' },
    remote: { type: 'string' },
    skill: { type: 'string' },
  },
  ['npm', 'pypi', 'oci', 'remote', 'skill'],
);

const settingProperties = {
  name: { type: 'string' },
  description: { type: 'string' },
  placeholder: { type: 'string' },
  required: { type: 'boolean' },
};

const configuration = object(
  {
    environment: {
      type: 'array',
      items: object({ ...settingProperties, secret: { type: 'boolean' } }, [
        'placeholder',
        'required',
        'secret',
      ]),
    },
    arguments: {
      type: 'array',
      items: object({ ...settingProperties, flag: { type: 'string' }, repeated: { type: 'boolean' } }, [
        'placeholder',
        'required',
        'flag',
        'repeated',
      ]),
    },
    headers: {
      type: 'array',
      items: object({ ...settingProperties, prefix: { type: 'string' }, secret: { type: 'boolean' } }, [
        'placeholder',
        'required',
        'prefix',
        'secret',
      ]),
    },
  },
  ['environment', 'arguments', 'headers'],
);

const tombstone = object({
  id: { type: 'string' },
  name: { type: 'string' },
  removed: { const: true },
  removed_on: { type: 'string', format: 'date' },
  reason: { type: 'string' },
  updated_at: dateTime,
});

export const RESPONSE_SCHEMAS = {
  PackageSummary: object(summaryProperties),
  Package: object({
    ...summaryProperties,
    long_description: { type: 'string' },
    repository: { type: 'string' },
    homepage: nullableString,
    distribution,
    license: nullableString,
    configuration,
    requests: { type: 'integer', minimum: 0, description: 'How many people asked for it to be evaluated.' },
    keywords: { type: 'array', items: { type: 'string' } },
    tools: {
      type: 'array',
      description: 'Names of the tools the representative evaluation saw the server list.',
      items: { type: 'string' },
    },
    capabilities: {
      type: 'array',
      description:
        'What it can do, from the tools (or skill files) its evaluation saw, with the tools that show each.',
      items: object({ id: { enum: CAPABILITIES }, shown_by: { type: 'array', items: { type: 'string' } } }),
    },
    maintainers: { type: 'array', items: { type: 'string' } },
    added: { type: 'string', format: 'date' },
    dimensions: dimensionScores,
    state_reasons: { type: 'array', items: object({ code: { type: 'string' }, text: { type: 'string' } }) },
    cross_validated: { type: 'boolean' },
    independent_evaluators: { type: 'integer' },
    spread: nullableNumber,
    evaluated_version: nullableString,
    evaluated_artifact: {
      type: ['string', 'null'],
      description:
        'What the shown evaluation examined (npm:@scope/name@1.2.0, a skill folder, a URL): where its checks looked.',
    },
    last_evaluated_at: { type: ['string', 'null'], format: 'date-time' },
    representative_evaluation_id: nullableString,
    rubric_version: {
      type: ['string', 'null'],
      description: 'The rubric version the shown score and checks were graded under.',
    },
    caps_applied: capsApplied,
    checks: { type: 'array', items: checkView },
    evaluations: { type: 'array', items: evaluationEntry },
    needs_review: {
      type: 'array',
      items: { enum: REVIEW_FIELDS },
      description: 'Fields an import assigned by rule that a maintainer has yet to confirm.',
    },
    registry,
    start_failure: {
      description:
        'Why it does not start, when every evaluation counted says so (else null): the classified reason quoting the line that matters, what to do, and when it is tried again (retries back off).',
      oneOf: [
        { type: 'null' },
        object({
          label: { type: 'string' },
          class: {
            enum: [...START_FAILURE_CLASSES, 'unclassified'],
          },
          reason: { type: 'string' },
          advice: nullableString,
          version: { type: 'string' },
          evaluation_id: { type: 'string' },
          failed_at: dateTime,
          attempts: { type: 'integer', minimum: 1 },
          retry_after: dateTime,
        }),
      ],
    },
  }),
  PackagePage: page(
    ref('PackageSummary'),
    {
      matching_categories: {
        type: 'array',
        description:
          'With `q` only: the categories whose name the query names ("database" → Databases), with their package counts, to browse the whole category.',
        items: object({
          slug: { type: 'string' },
          name: { type: 'string' },
          package_count: { type: 'integer', minimum: 0 },
        }),
      },
    },
    ['matching_categories'],
  ),
  AgentGuide: object({
    id: { type: 'string' },
    name: { type: 'string' },
    kind,
    version: nullableString,
    summary: { type: 'string' },
    notice: { type: 'string' },
    recommendation: { enum: ['use', 'use-with-care', 'avoid', 'unknown'] },
    reasons: { type: 'array', items: { type: 'string' } },
    scores: object({
      af_score: score,
      grade,
      security_score: score,
      reliability_score: score,
      evaluation_status: status,
      confidence,
      score_basis: scoreBasis,
      evaluated_version: nullableString,
    }),
    install: {
      type: 'object',
      description:
        'One way to start or reach it per channel (npm, pypi, oci, remote, skill), with <placeholders> for the values in settings.',
      additionalProperties: { type: 'string' },
    },
    settings: {
      type: 'array',
      description: 'The values it needs to start (environment variables, arguments) or connect (headers).',
      items: object({
        kind: { enum: ['environment', 'argument', 'header'] },
        name: { type: 'string' },
        description: { type: 'string' },
        secret: { type: 'boolean' },
      }),
    },
    cautions: {
      type: 'array',
      items: object({
        check: { type: 'string' },
        severity,
        title: { type: 'string' },
        finding: nullableString,
        advice: { type: 'string' },
      }),
    },
    flags: { type: 'array', items: object({ flag: { type: 'string' }, meaning: { type: 'string' } }) },
    links: object({
      package: { type: 'string' },
      page: { type: 'string' },
      badge: { type: 'string' },
      repository: { type: 'string' },
    }),
  }),
  Tombstone: tombstone,
  ChangePage: page(
    {
      oneOf: [
        object({
          ...summaryProperties,
          change: { enum: ['added', 'updated', 'new-version', 'deprecated', 'evaluated'] },
          previous_version: {
            ...nullableString,
            description: 'For new-version: the release before this one, when a registry sync saw it.',
          },
          evaluated_version: {
            ...nullableString,
            description:
              'The version the score is for; it needs re-evaluation since `version` when they differ.',
          },
        }),
        object({ ...tombstone.properties, change: { const: 'removed' } }),
      ],
    },
    { since: dateTime },
  ),
  Category: object({
    slug: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    package_count: { type: 'integer' },
    evaluated_count: { type: 'integer' },
  }),
  CategoryPage: page(ref('Category')),
  Leaderboard: object({
    category: { type: 'string' },
    dimension: { type: 'string' },
    limit: { type: 'integer' },
    items: {
      type: 'array',
      items: object({
        rank: { type: 'integer', minimum: 1 },
        id: { type: 'string' },
        name: { type: 'string' },
        kind,
        score: { type: 'number' },
        af_score: score,
        grade,
        evaluation_status: status,
        confidence,
        score_basis: scoreBasis,
      }),
    },
  }),
  Comparison: object({
    ids: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 },
    dimensions: { type: 'array', items: { type: 'string' } },
    items: {
      type: 'array',
      items: object({
        id: { type: 'string' },
        name: { type: 'string' },
        kind,
        category: { type: 'string' },
        version: nullableString,
        license: nullableString,
        af_score: score,
        grade,
        security_score: score,
        reliability_score: score,
        dimensions: dimensionScores,
        evaluation_status: status,
        confidence,
        score_basis: scoreBasis,
        cross_validated: { type: 'boolean' },
        flags,
        last_evaluated_at: { type: ['string', 'null'], format: 'date-time' },
      }),
    },
  }),
  Stats: object({
    packages_total: { type: 'integer' },
    packages_evaluated: { type: 'integer' },
    packages_needing_evaluation: { type: 'integer' },
    packages_needing_reevaluation: { type: 'integer' },
    packages_by_kind: object({ 'mcp-server': { type: 'integer' }, skill: { type: 'integer' } }),
    evaluations_total: { type: 'integer' },
    contributors_total: { type: 'integer' },
    categories_total: { type: 'integer' },
    average_af_score: score,
    score_distribution: {
      type: 'array',
      minItems: 10,
      maxItems: 10,
      items: object({ min: { type: 'number' }, max: { type: 'number' }, count: { type: 'integer' } }),
    },
    as_of: dateTime,
    rubric_version: { type: 'string' },
  }),
  QueueEntry: object({
    id: { type: 'string' },
    name: { type: 'string' },
    kind,
    category: { type: 'string' },
    evaluation_status: { enum: EVALUATION_STATUSES.filter((text) => text !== 'Evaluated') },
    reason: { type: 'string' },
    priority: { type: 'number' },
    priority_factors: {
      type: 'array',
      description:
        'What the priority is made of, largest first; the points add up to priority (negative points sink it).',
      items: object({
        factor: { enum: [...PRIORITY_FACTORS] },
        text: { type: 'string' },
        points: { type: 'number' },
      }),
    },
    last_failure: {
      ...nullableString,
      description: 'Why the latest evaluation gave no usable score, when the latest attempts failed.',
    },
    version: { ...nullableString, description: 'The version to evaluate.' },
    evaluated_version: {
      ...nullableString,
      description:
        'The version the current score is for; it needs re-evaluation since `version` when they differ.',
    },
    downloads_monthly: { type: ['integer', 'null'], minimum: 0 },
    deprecated: { type: 'boolean' },
    claimed: { type: 'boolean' },
    claimed_until: { type: ['string', 'null'], format: 'date-time' },
  }),
  QueuePage: page(ref('QueueEntry')),
  Health: object({
    status: { const: 'ok' },
    data_version: { type: 'string' },
    as_of: dateTime,
    packages: { type: 'integer' },
  }),
  Problem: {
    type: 'object',
    required: ['type', 'title', 'status', 'detail'],
    properties: {
      type: { type: 'string', format: 'uri' },
      title: { type: 'string' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: { type: 'string' },
      instance: { type: 'string' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['detail'],
          properties: {
            parameter: { type: 'string' },
            pointer: { type: 'string' },
            detail: { type: 'string' },
          },
        },
      },
    },
  },
  Evaluation: (({ $schema: _schema, $id: _id, ...schema }) => schema)(evaluationSchema),
} as const;
