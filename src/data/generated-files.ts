/**
 * What the build writes beside the catalogue database (catalogue-database.ts): the evaluation guide
 * and the published JSON Schemas.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderGuide } from '../core/rubric/guide-tables.ts';
import { categorySchema } from '../core/schemas/category-schema.ts';
import { evaluationSchema } from '../core/schemas/evaluation-schema.ts';
import { packageSchema } from '../core/schemas/package-schema.ts';
import { registrySchema } from '../core/schemas/registry-schema.ts';
import { spotCheckSchema } from '../core/schemas/spot-check-schema.ts';
import type { GeneratedFile } from './write-generated.ts';

/** What builds before the catalogue database wrote; a build removes it so nothing reads it stale. */
export const FORMER_CATALOGUE_FILE = 'catalogue.json';
export const GUIDE_FILE = 'evaluation-guide.md';

const GUIDE_TEMPLATE = join(import.meta.dirname, '..', 'docs', 'evaluation-guide.md');

/** The guide with its rubric tables filled in from the rubric data. */
export function renderedGuide(): string {
  return renderGuide(readFileSync(GUIDE_TEMPLATE, 'utf8'));
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function generatedFiles(): GeneratedFile[] {
  return [
    { path: GUIDE_FILE, content: renderedGuide() },
    { path: 'schemas/evaluation-2.0.json', content: json(evaluationSchema) },
    { path: 'schemas/package.json', content: json(packageSchema) },
    { path: 'schemas/category.json', content: json(categorySchema) },
    { path: 'schemas/spot-check.json', content: json(spotCheckSchema) },
    { path: 'schemas/registry.json', content: json(registrySchema) },
  ];
}
