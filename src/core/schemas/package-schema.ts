/** JSON Schema (2020-12) of the frontmatter of `data/packages/<id>.md`. */
import { CATEGORY_SLUG_PATTERN, LOGIN_PATTERN, PACKAGE_ID_PATTERN, RESERVED_PACKAGE_IDS } from '../ids.ts';
import { PACKAGE_KINDS, REVIEW_FIELDS } from '../types.ts';

const httpsUrl = { type: 'string', format: 'uri', pattern: '^https://', maxLength: 500 };
const date = { type: 'string', format: 'date', description: 'YYYY-MM-DD' };

const settingText = {
  description: { type: 'string', minLength: 3, maxLength: 200 },
  placeholder: {
    type: 'string',
    minLength: 1,
    maxLength: 60,
    pattern: '^[^<>"]+$',
    description:
      'What the reader puts in, as they would say it ("your database URL"); shown as <your database URL>.',
  },
  required: { type: 'boolean', description: 'Defaults to true.' },
};

/** What a package needs to start or connect, so install snippets carry a placeholder for each. */
const configuration = {
  type: 'object',
  additionalProperties: false,
  description: 'Settings the package needs: environment variables and arguments (local), headers (remote).',
  properties: {
    environment: {
      type: 'array',
      maxItems: 30,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'description'],
        properties: {
          name: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,99}$' },
          ...settingText,
          secret: { type: 'boolean' },
        },
      },
    },
    arguments: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'description'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 60 },
          flag: { type: 'string', pattern: '^--?[A-Za-z0-9][A-Za-z0-9-]{0,60}$' },
          ...settingText,
          repeated: { type: 'boolean' },
        },
      },
    },
    headers: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'description'],
        properties: {
          name: { type: 'string', pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$" },
          prefix: { type: 'string', maxLength: 30, pattern: '^[^<>"]*$' },
          ...settingText,
          secret: { type: 'boolean' },
        },
      },
    },
  },
};

export const packageSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://afscore.dev/schemas/package.json',
  title: 'afscore package file frontmatter',
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'name',
    'kind',
    'category',
    'description',
    'repository',
    'distribution',
    'maintainers',
    'added',
  ],
  properties: {
    id: {
      type: 'string',
      pattern: PACKAGE_ID_PATTERN,
      not: { enum: RESERVED_PACKAGE_IDS },
      description: 'Equals the file name without .md.',
    },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    kind: { enum: PACKAGE_KINDS },
    category: { type: 'string', pattern: CATEGORY_SLUG_PATTERN },
    description: {
      type: 'string',
      minLength: 10,
      maxLength: 280,
      description: 'One or two plain sentences.',
    },
    repository: { ...httpsUrl, description: 'Source repository URL.' },
    homepage: httpsUrl,
    distribution: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        npm: {
          type: 'string',
          pattern: '^(@[a-z0-9-~][a-z0-9-._~]*/)?[a-z0-9-~][a-z0-9-._~]*$',
          maxLength: 214,
        },
        pypi: { type: 'string', pattern: '^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$', maxLength: 100 },
        oci: { type: 'string', pattern: '^[a-z0-9][a-z0-9./_:@-]*$', maxLength: 300 },
        remote: { ...httpsUrl, description: 'Streamable HTTP endpoint of a hosted server.' },
        skill: {
          type: 'string',
          pattern: '^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$',
          maxLength: 300,
          description: 'Path of the skill folder inside the repository.',
        },
      },
    },
    version: { type: 'string', minLength: 1, maxLength: 128, description: 'Latest known released version.' },
    license: {
      type: ['string', 'null'],
      maxLength: 100,
      description: 'SPDX expression, or null when unknown.',
    },
    configuration,
    requests: {
      type: 'integer',
      minimum: 0,
      maximum: 100000,
      description:
        'How many people asked for it to be evaluated (package requests and their votes); raises it in the queue.',
    },
    keywords: {
      type: 'array',
      uniqueItems: true,
      maxItems: 20,
      items: { type: 'string', minLength: 1, maxLength: 50 },
      description: 'Words people search for it by that its name and description do not hold (npm keywords).',
    },
    maintainers: {
      type: 'array',
      uniqueItems: true,
      maxItems: 50,
      items: { type: 'string', pattern: LOGIN_PATTERN },
      description: 'GitHub logins of the maintainers; their own evaluations must be disclosed.',
    },
    added: date,
    removed: {
      type: 'object',
      additionalProperties: false,
      required: ['date', 'reason'],
      properties: { date, reason: { type: 'string', minLength: 3, maxLength: 500 } },
      description: 'Marks the package removed; the change feed carries a tombstone.',
    },
    deprecated: {
      type: 'object',
      additionalProperties: false,
      required: ['date', 'reason'],
      properties: { date, reason: { type: 'string', minLength: 3, maxLength: 500 } },
      description:
        'The registry marked the package deprecated (written by afscore sync); it stays listed, flagged.',
    },
    needs_review: {
      type: 'array',
      uniqueItems: true,
      minItems: 1,
      items: { enum: REVIEW_FIELDS },
      description:
        'Fields an import assigned by rule; a maintainer confirms or corrects them, then deletes this list.',
    },
  },
} as const;
