/**
 * Compiled schema validators, each built once per process when first used: compiling them all
 * is about a second of a server's start that its first answers do not need. Compiling is pure
 * computation, so it stays in the core; `verbose` keeps the parent schema on errors so hints can
 * list allowed properties.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
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

let ajv: Ajv2020 | undefined;

function compile(schema: object): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
    addFormats(ajv, ['date', 'date-time', 'uri']);
  }
  return ajv.compile(schema);
}

/** A schema check as schema-issues.ts reads it: whether the value conforms, then its errors. */
export interface ShapeValidator {
  (value: unknown): boolean;
  errors?: ErrorObject[] | null;
}

function compiledWhenFirstUsed(schema: object): ShapeValidator {
  let compiled: ValidateFunction | undefined;
  const validate: ShapeValidator = (value) => {
    compiled ??= compile(schema);
    const valid = compiled(value) as boolean;
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
}

export const validateEvaluationShape = compiledWhenFirstUsed(evaluationSchema);
export const validatePackageShape = compiledWhenFirstUsed(packageSchema);
export const validateCategoryShape = compiledWhenFirstUsed(categorySchema);
export const validateSpotCheckShape = compiledWhenFirstUsed(spotCheckSchema);
export const validateRegistryShape = compiledWhenFirstUsed(registrySchema);
export const validateImportStateShape = compiledWhenFirstUsed(importStateSchema);
