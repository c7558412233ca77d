/** JSON Schema (2020-12) of `data/registry/<id>.json`, which `afscore sync` and `afscore import` write. */
import { PACKAGE_ID_PATTERN } from '../ids.ts';
import { SOURCE_STATUSES } from '../registry/registry-record.ts';

const time = { type: 'string', format: 'date-time' };
const nullableTime = { type: ['string', 'null'], format: 'date-time' };
const text = (max: number) => ({ type: ['string', 'null'], maxLength: max });
const count = { type: ['integer', 'null'], minimum: 0 };

function object(properties: Record<string, unknown>, optional: readonly string[] = []) {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    properties,
  };
}

const sourceProperties = {
  name: { type: 'string', minLength: 1, maxLength: 214 },
  status: { enum: SOURCE_STATUSES },
  checked_at: time,
  changed_at: time,
  etag: text(500),
  last_modified: text(100),
  latest_version: text(255),
  previous_version: text(255),
  published_at: nullableTime,
  deprecated: text(1000),
  last_error: {
    oneOf: [{ type: 'null' }, object({ at: time, message: { type: 'string', maxLength: 500 } })],
  },
};

const packageFacts = {
  license: text(200),
  repository: text(500),
  homepage: text(500),
};

const input = object({
  name: { type: 'string', maxLength: 200 },
  description: text(1000),
  is_required: { type: 'boolean' },
  is_secret: { type: 'boolean' },
});

export const registrySchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://afscore.dev/schemas/registry.json',
  title: 'afscore registry record (data/registry/<id>.json)',
  ...object({
    package_id: { type: 'string', pattern: PACKAGE_ID_PATTERN, description: 'Equals the file name.' },
    synced_at: nullableTime,
    sources: object(
      {
        npm: object({
          ...sourceProperties,
          ...packageFacts,
          mcp_name: text(200),
          downloads_monthly: count,
          downloads_checked_at: nullableTime,
        }),
        pypi: object({ ...sourceProperties, ...packageFacts }),
        'mcp-registry': object({
          ...sourceProperties,
          registry_status: text(50),
          title: text(200),
          description: text(1000),
          repository: text(500),
          website: text(500),
          packages: {
            type: 'array',
            maxItems: 50,
            items: object({
              registry_type: { type: 'string', maxLength: 50 },
              identifier: { type: 'string', maxLength: 500 },
              version: text(255),
              transport: { type: 'string', maxLength: 50 },
              environment_variables: { type: 'array', maxItems: 100, items: input },
            }),
          },
          remotes: {
            type: 'array',
            maxItems: 50,
            items: object({
              type: { type: 'string', maxLength: 50 },
              url: { type: 'string', maxLength: 500 },
              headers: { type: 'array', maxItems: 100, items: input },
            }),
          },
        }),
      },
      ['npm', 'pypi', 'mcp-registry'],
    ),
    written: object(
      {
        license: text(200),
        repository: { type: 'string', maxLength: 500 },
        homepage: { type: 'string', maxLength: 500 },
        deprecated: { type: 'string', maxLength: 1100 },
      },
      ['license', 'repository', 'homepage', 'deprecated'],
    ),
    imported: {
      oneOf: [
        { type: 'null' },
        object({
          source: { enum: ['mcp-registry', 'npm', 'skills'] },
          ref: { type: 'string', maxLength: 500 },
          at: time,
        }),
      ],
    },
  }),
} as const;

/** `data/registry/.imports.json`: where the next incremental import starts, per source. */
export const importStateSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://afscore.dev/schemas/import-state.json',
  title: 'afscore import watermarks (data/registry/.imports.json)',
  ...object(
    {
      'mcp-registry': object({
        updated_since: { ...time, description: 'The newest updatedAt the last import saw.' },
        imported_at: time,
      }),
    },
    ['mcp-registry'],
  ),
} as const;
