/** `/healthz`: which data version this instance serves, for load balancers and operators. Spends no quota. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_HEADERS } from '../http/cors.ts';
import { methodNotAllowed } from '../http/method-not-allowed.ts';
import { jsonReply } from '../http/reply.ts';
import { send } from '../http/send.ts';
import type { ModuleContext, ServerModule } from '../server-module.ts';

export function healthModule(): ServerModule {
  return {
    name: 'health',
    owns: (target) => target.path === '/healthz',
    policy: null,
    handle(req: IncomingMessage, res: ServerResponse, context: ModuleContext): void {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        send(req, res, methodNotAllowed('GET, HEAD'));
        return;
      }
      const version = context.data;
      const reply = jsonReply({
        status: 'ok',
        data_version: version.manifest.data_version,
        as_of: version.manifest.as_of,
        packages: version.index.byId.size,
      });
      Object.assign(reply.headers, CORS_HEADERS);
      send(req, res, reply);
    },
  };
}
