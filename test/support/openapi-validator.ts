/** Validates response bodies against the component schemas of the served OpenAPI document. */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

export function schemaValidator(openapi: {
  components: { schemas: Record<string, unknown> };
}): (name: string, body: unknown) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'https://afscore.test/openapi', components: openapi.components }, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  return (name, body) => {
    let validate = compiled.get(name);
    if (!validate) {
      validate = ajv.getSchema(`https://afscore.test/openapi#/components/schemas/${name}`);
      if (!validate) throw new Error(`no schema ${name} in the OpenAPI document`);
      compiled.set(name, validate);
    }
    return validate(body)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}
