/**
 * The documents (documents.ts) as a module of the front server: the OpenAPI description,
 * llms.txt, the evaluation guide, the published JSON Schemas and the problem pages. They spend no
 * quota; the read budget is shown on them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PUBLISHED_DOCUMENTS } from '../../data/read-generated.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { methodNotAllowed } from '../http/method-not-allowed.ts';
import { PROBLEM_TYPES } from '../http/problems.ts';
import { send } from '../http/send.ts';
import type { ModuleContext, ServerModule } from '../server-module.ts';
import type { DocumentSettings } from './document-settings.ts';
import { documentReply } from './documents.ts';

/** Every path documentsFor serves, known before any data version is loaded. */
const DOCUMENT_PATHS: ReadonlySet<string> = new Set([
  '/openapi.json',
  '/llms.txt',
  '/evaluation-guide.md',
  ...PUBLISHED_DOCUMENTS.filter((name) => name.startsWith('schemas/')).map((name) => `/${name}`),
  ...Object.values(PROBLEM_TYPES).map((type) => `/problems/${type.slug}`),
]);

export function documentsModule(settings: DocumentSettings): ServerModule {
  return {
    name: 'documents',
    owns: (target) => DOCUMENT_PATHS.has(target.path),
    policy: null,
    handle(req: IncomingMessage, res: ServerResponse, context: ModuleContext): void {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        send(req, res, methodNotAllowed('GET, HEAD'));
        return;
      }
      const document = documentReply(context.target, context.data, settings)!;
      Object.assign(document.headers, CORS_HEADERS);
      send(req, res, document);
    },
  };
}
