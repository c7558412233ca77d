/**
 * JSON Schema (2020-12) of the rubric 2.0 evaluation document. Served as
 * `/schemas/evaluation-2.0.json`; the evaluation guide explains every field.
 * The schema checks shape; `validate-evaluation.ts` checks what a schema cannot (the check
 * catalogue, recomputed scores, the package, disclosure).
 */

import { EVALUATION_ID_PATTERN, LOGIN_PATTERN, PACKAGE_ID_PATTERN } from '../ids.ts';
import {
  CHECK_STATUSES,
  DIMENSIONS,
  EVALUATOR_KINDS,
  GRADES,
  PACKAGE_KINDS,
  RELATIONSHIPS,
  SCORE_STATUSES,
  SEVERITIES,
} from '../vocabulary.ts';

export const EVALUATION_SCHEMA_ID = 'https://afscore.dev/schemas/evaluation-2.0.json';

const sha256 = { type: 'string', pattern: '^[a-f0-9]{64}$', description: 'Lowercase hex SHA-256.' };
const dateTime = {
  type: 'string',
  format: 'date-time',
  description: 'RFC 3339 date-time with Z or an offset.',
};
const score = { type: ['number', 'null'], minimum: 0, maximum: 100 };
const share = { type: ['number', 'null'], minimum: 0, maximum: 1 };

const dimensionReport = {
  type: 'object',
  additionalProperties: false,
  required: ['score', 'coverage'],
  properties: {
    score: { ...score, description: 'Dimension score after caps, one decimal; null when not published.' },
    coverage: {
      ...share,
      description: 'Evaluated share of the applicable check weight; null when none applies.',
    },
  },
};

const count = { type: 'integer', minimum: 0, maximum: 2 ** 53 - 1 };

const sandboxRecord = {
  type: 'object',
  additionalProperties: false,
  required: ['tool', 'network'],
  properties: {
    tool: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: '`bubblewrap`, or `none` when nothing contained the package; an agent names what it used.',
    },
    version: { type: 'string', maxLength: 64 },
    namespaces: {
      type: 'array',
      uniqueItems: true,
      maxItems: 7,
      items: { enum: ['user', 'pid', 'mount', 'ipc', 'uts', 'network', 'cgroup'] },
    },
    network: { enum: ['none', 'full'], description: 'Whether the server could reach the network.' },
    install_hosts: {
      type: 'array',
      maxItems: 20,
      items: { type: 'string', maxLength: 253 },
      description: 'Hosts install steps could reach through the evaluator’s proxy.',
    },
    install_scripts: { enum: ['sandboxed', 'skipped'] },
    limits: {
      type: 'object',
      additionalProperties: false,
      properties: {
        memory_bytes: count,
        total_memory_bytes: count,
        processes: count,
        cpu_seconds: count,
        wall_seconds: count,
        file_size_bytes: count,
        open_files: count,
      },
    },
  },
};

export const evaluationSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: EVALUATION_SCHEMA_ID,
  title: 'afscore evaluation document (rubric 2.0)',
  type: 'object',
  additionalProperties: false,
  required: [
    'schema_version',
    'rubric_version',
    'evaluation_id',
    'package',
    'subject',
    'contributor',
    'disclosure',
    'evaluator',
    'timestamps',
    'checks',
    'scores',
  ],
  properties: {
    $schema: { type: 'string' },
    schema_version: { const: '2.0' },
    rubric_version: {
      type: 'string',
      pattern: '^2\\.[0-9]+$',
      description: 'The rubric version the evaluation was graded under; major 2.',
    },
    evaluation_id: {
      type: 'string',
      pattern: EVALUATION_ID_PATTERN,
      description: 'A lowercase UUID, unique per evaluation; also the file name.',
    },
    package: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'kind', 'version'],
      properties: {
        id: { type: 'string', pattern: PACKAGE_ID_PATTERN, description: 'The afscore package id.' },
        kind: { enum: PACKAGE_KINDS },
        version: {
          type: 'string',
          minLength: 1,
          maxLength: 128,
          description: 'The version evaluated (a release, or a commit for unversioned skills).',
        },
      },
    },
    subject: {
      type: 'object',
      additionalProperties: false,
      required: ['artifact', 'digest', 'transport'],
      properties: {
        artifact: {
          type: 'string',
          minLength: 3,
          maxLength: 500,
          description:
            'What was run: npm:<name>@<version>, pypi:…, oci:…, a URL, or git:<repo>#<path>@<commit>.',
        },
        digest: {
          type: 'string',
          pattern: '^(sha256:[a-f0-9]{64}|sha512:[a-f0-9]{128})$',
          description: 'Digest of the artifact (tarball, image, or skill folder tree).',
        },
        transport: { enum: ['stdio', 'streamable-http', 'sse', 'skill-folder'] },
        tools_list_sha256: {
          ...sha256,
          description: 'SHA-256 of the canonical (RFC 8785) tools/list result.',
        },
      },
    },
    contributor: {
      type: 'object',
      additionalProperties: false,
      required: ['login'],
      properties: { login: { type: 'string', pattern: LOGIN_PATTERN, description: 'GitHub login.' } },
    },
    disclosure: {
      type: 'object',
      additionalProperties: false,
      required: ['affiliated', 'relationship'],
      properties: {
        affiliated: {
          type: 'boolean',
          description: 'True when you maintain, work for or are paid by the package.',
        },
        relationship: { enum: RELATIONSHIPS },
        statement: { type: 'string', maxLength: 2000 },
      },
    },
    evaluator: {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'name', 'version', 'config_sha256'],
      properties: {
        kind: { enum: EVALUATOR_KINDS },
        name: { type: 'string', minLength: 1, maxLength: 100 },
        version: { type: 'string', minLength: 1, maxLength: 64 },
        config_sha256: { ...sha256, description: 'SHA-256 of the canonical evaluation configuration.' },
        guide_version: { type: 'string', maxLength: 32 },
        llm: {
          type: ['object', 'null'],
          additionalProperties: false,
          required: ['provider', 'model', 'temperature', 'prompts'],
          properties: {
            provider: { type: 'string', minLength: 1, maxLength: 64 },
            model: {
              type: 'string',
              minLength: 1,
              maxLength: 128,
              description: 'A pinned, dated model id, never an alias such as "latest".',
            },
            temperature: { const: 0 },
            prompts: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['id', 'sha256'],
                properties: { id: { type: 'string', maxLength: 64 }, sha256 },
              },
            },
          },
        },
      },
    },
    environment: {
      type: 'object',
      additionalProperties: false,
      properties: {
        os: { type: 'string', maxLength: 64 },
        arch: { type: 'string', maxLength: 32 },
        runtime: { type: 'string', maxLength: 128 },
        sandbox: {
          description:
            'How the package was contained. A record (rubric 2.1 evaluators write one); older documents hold a sentence.',
          oneOf: [{ type: 'string', maxLength: 256 }, sandboxRecord],
        },
      },
    },
    timestamps: {
      type: 'object',
      additionalProperties: false,
      required: ['started_at', 'finished_at'],
      properties: { started_at: dateTime, finished_at: dateTime },
    },
    checks: {
      type: 'array',
      minItems: 1,
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'status'],
        properties: {
          id: { type: 'string', pattern: '^[A-Z]{3}-[A-Z]{0,2}[0-9]{1,2}$' },
          dimension: {
            enum: DIMENSIONS,
            description:
              'The check’s dimension in the rubric version the document names (required from 2.1).',
          },
          severity: {
            enum: SEVERITIES,
            description: 'The check’s severity in the rubric version the document names (required from 2.1).',
          },
          status: { enum: CHECK_STATUSES },
          value: { type: 'number', minimum: 0, maximum: 1 },
          unit: { type: 'string', maxLength: 200 },
          message: { type: 'string', maxLength: 2000 },
          duration_ms: { type: 'number', minimum: 0 },
          evidence: {
            type: 'array',
            maxItems: 50,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['location'],
              properties: {
                location: {
                  type: 'string',
                  maxLength: 300,
                  description: 'A JSON pointer into the snapshot, or path:line in the package.',
                },
                path: {
                  type: 'string',
                  maxLength: 300,
                  description:
                    'Readable field path, e.g. tools[get_weather].inputSchema.properties.notes.description.',
                },
                face: {
                  type: 'string',
                  maxLength: 200,
                  description: 'Where it was seen: client identity, connection, and after which call.',
                },
                severity: { enum: SEVERITIES, description: 'How grave this finding is on its own.' },
                excerpt: {
                  type: 'string',
                  maxLength: 500,
                  description: 'Quoted text, invisible characters made visible as ⟨U+200B⟩ (2.0: \\u{200B}).',
                },
                value: { type: ['number', 'string', 'boolean'] },
              },
            },
          },
          llm: {
            type: 'object',
            additionalProperties: false,
            required: ['prompt_id', 'prompt_sha256', 'input_sha256'],
            properties: {
              prompt_id: { type: 'string', maxLength: 64 },
              prompt_sha256: sha256,
              input_sha256: sha256,
              scale: { type: 'number', minimum: 1, maximum: 5, description: 'The judged 1–5 rating.' },
            },
          },
        },
      },
    },
    scores: {
      type: 'object',
      additionalProperties: false,
      required: ['status', 'af_score', 'grade', 'caps_applied', 'dimensions'],
      properties: {
        status: { enum: SCORE_STATUSES },
        af_score: score,
        grade: { enum: [...GRADES, null] },
        caps_applied: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        dimensions: {
          type: 'object',
          additionalProperties: false,
          required: [...DIMENSIONS],
          properties: Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, dimensionReport])),
        },
      },
    },
    metrics: {
      type: 'object',
      maxProperties: 50,
      additionalProperties: { type: 'number' },
      description: 'Measurements such as initialize_ms, tools_list_ms_p95, tool_count, tools_list_tokens.',
    },
    inputs: {
      type: 'object',
      description: 'Canonical snapshots (tools/prompts/resources lists, or the skill file manifest).',
    },
    notes: { type: 'string', maxLength: 4000 },
  },
} as const;
