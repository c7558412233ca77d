/** The modules mounted on the front server, in the order they are asked whether they own a path. */
import { mcpModule } from '../mcp/mcp-module.ts';
import { badgeModule } from './badges/badge-module.ts';
import type { ServerConfig } from './config.ts';
import { contributionsModule } from './contributions/contributions-module.ts';
import { queueClaimModule } from './contributions/queue-claim-module.ts';
import type { ServerModule } from './server-module.ts';
import type { Services } from './services.ts';
import { signInModule } from './sign-in/sign-in-module.ts';

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
  ];
}
