/**
 * Compiled schema validators, built once per process. Compiling is pure computation, so it stays
 * in the core; `verbose` keeps the parent schema on errors so hints can list allowed properties.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { categorySchema } from '../schemas/category-schema.ts';
import { evaluationSchema } from '../schemas/evaluation-schema.ts';
import { packageSchema } from '../schemas/package-schema.ts';
import { importStateSchema, registrySchema } from '../schemas/registry-schema.ts';
import { spotCheckSchema } from '../schemas/spot-check-schema.ts';

// ajv-formats is CommonJS; under Node's ESM loader its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
addFormats(ajv, ['date', 'date-time', 'uri']);

export const validateEvaluationShape = ajv.compile(evaluationSchema);
export const validatePackageShape = ajv.compile(packageSchema);
export const validateCategoryShape = ajv.compile(categorySchema);
export const validateSpotCheckShape = ajv.compile(spotCheckSchema);
export const validateRegistryShape = ajv.compile(registrySchema);
export const validateImportStateShape = ajv.compile(importStateSchema);
