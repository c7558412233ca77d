/** The modules mounted on the front server, in the order they are asked whether they own a path. */
import type { ServerConfig } from './config.ts';
import type { ServerModule } from './server-module.ts';

export function productModules(_config: ServerConfig): ServerModule[] {
  return [];
}
