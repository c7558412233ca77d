/**
 * The modules mounted on the front server, in the order they are asked whether they own a path:
 * the writes under `/v1` come before the reads, which own the rest of `/v1`.
 */

import { badgeModule } from './badges/badge-module.ts';
import type { ServerConfig } from './config.ts';
import { contributionsModule } from './contributions/contributions-module.ts';
import { queueClaimModule } from './contributions/queue-claim-module.ts';
import { documentsModule } from './documents/documents-module.ts';
import { healthModule } from './health/health-module.ts';
import { mcpModule } from './mcp/mcp-module.ts';
import type { ServerModule } from './server-module.ts';
import type { Services } from './services.ts';
import { signInModule } from './sign-in/sign-in-module.ts';
import { readModule } from './v1/read-module.ts';

export function productModules(config: ServerConfig, services: Services): ServerModule[] {
  return [
    badgeModule(),
    mcpModule(config),
    contributionsModule({
      store: services.store,
      leases: services.leases,
      leaseHours: config.leaseHours,
      accepted: () => services.worker.nudge(),
    }),
    queueClaimModule({
      store: services.store,
      leases: services.leases,
      leaseHours: config.leaseHours,
      publicUrl: config.publicUrl,
    }),
    signInModule({
      oauth: config.oauth,
      publicUrl: config.publicUrl,
      operatorContact: config.operatorContact,
      repositoryUrl: config.repositoryUrl,
      store: services.store,
    }),
    readModule({ claims: (nowMs) => services.leases.claims(nowMs) }),
    documentsModule({ publicUrl: config.publicUrl, limits: config.limits, leaseHours: config.leaseHours }),
    healthModule(),
  ];
}
