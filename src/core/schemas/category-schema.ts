/** JSON Schema (2020-12) of the frontmatter of `data/categories/<slug>.md`. */
import { CATEGORY_SLUG_PATTERN } from '../ids.ts';

export const categorySchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://afscore.dev/schemas/category.json',
  title: 'afscore category file frontmatter',
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'description'],
  properties: {
    slug: {
      type: 'string',
      pattern: CATEGORY_SLUG_PATTERN,
      description: 'Equals the file name without .md.',
    },
    name: { type: 'string', minLength: 1, maxLength: 60 },
    description: { type: 'string', minLength: 10, maxLength: 280 },
  },
} as const;
