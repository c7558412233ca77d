/** Who the evaluator is, as recorded in every document it writes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EVALUATOR_NAME = 'afscore-cli';

export const EVALUATOR_VERSION: string = (() => {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'),
  ) as { version?: string };
  return manifest.version ?? '0.0.0';
})();
