/** JSON Schema (2020-12) of the frontmatter of `data/spot-checks/<evaluation-id>.md`. */
import { EVALUATION_ID_PATTERN, LOGIN_PATTERN, PACKAGE_ID_PATTERN } from '../ids.ts';

export const spotCheckSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://afscore.dev/schemas/spot-check.json',
  title: 'afscore spot-check record',
  type: 'object',
  additionalProperties: false,
  required: ['evaluation_id', 'package_id', 'outcome', 'checked_at', 'checked_by', 'rerun_af_score'],
  properties: {
    evaluation_id: { type: 'string', pattern: EVALUATION_ID_PATTERN },
    package_id: { type: 'string', pattern: PACKAGE_ID_PATTERN },
    outcome: {
      enum: ['confirmed', 'diverged'],
      description: 'confirmed: the re-run agrees within tolerance; diverged: it does not.',
    },
    checked_at: { type: 'string', format: 'date' },
    checked_by: { type: 'string', pattern: LOGIN_PATTERN },
    rerun_af_score: { type: ['number', 'null'], minimum: 0, maximum: 100 },
  },
} as const;
