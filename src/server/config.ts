/**
 * The server's configuration, from the environment. Everything has a default that serves the
 * bundled data on http://localhost:4321; a value that cannot be used stops start-up with a message
 * naming the variable.
 */
import { BlockList, isIP } from 'node:net';
import { resolve } from 'node:path';
import { proxyList } from './rate-limit/client-address.ts';
import type { PolicyName } from './rate-limit/policies.ts';

export interface AllowEntry {
  match: BlockList;
  limit: number;
}

export interface ServerConfig {
  host: string;
  port: number;
  publicUrl: string;
  root: string;
  generatedDir: string;
  distDir: string;
  stateDir: string;
  limits: Record<PolicyName, number>;
  allowlist: AllowEntry[];
  trustProxy: BlockList | null;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < min)
    throw new ConfigError(`${name} must be a whole number ≥ ${min}, not "${raw}"`);
  return Number(raw);
}

/** `AFSCORE_ALLOWLIST=203.0.113.7=10000,10.0.0.0/8=5000`: clients with a higher daily limit. */
function allowlist(spec: string | undefined): AllowEntry[] {
  if (!spec) return [];
  return spec
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [range, limit] = entry.split('=');
      const [address, prefix] = (range ?? '').split('/');
      const family = isIP(address ?? '');
      if (family === 0 || !limit || !/^[0-9]+$/.test(limit)) {
        throw new ConfigError(
          `AFSCORE_ALLOWLIST: "${entry}" should look like 203.0.113.7=10000 or 10.0.0.0/8=5000`,
        );
      }
      const match = new BlockList();
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) match.addAddress(address!, type);
      else match.addSubnet(address!, Number(prefix), type);
      return { match, limit: Number(limit) };
    });
}

export function readConfig(env: NodeJS.ProcessEnv, root: string): ServerConfig {
  const port = integer(env, 'PORT', 4321, 0);
  const host = env.HOST || 'localhost';
  let trustProxy: BlockList | null;
  try {
    trustProxy = proxyList(env.AFSCORE_TRUST_PROXY);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    host,
    port,
    publicUrl: (env.AFSCORE_PUBLIC_URL || `http://${host}:${port}`).replace(/\/$/, ''),
    root,
    generatedDir: resolve(root, env.AFSCORE_GENERATED_DIR || 'generated'),
    distDir: resolve(root, 'dist'),
    stateDir: resolve(root, env.AFSCORE_STATE_DIR || '.state'),
    limits: {
      read: integer(env, 'AFSCORE_READ_LIMIT', 100, 1),
      checkout: integer(env, 'AFSCORE_CHECKOUT_LIMIT', 20, 1),
      submit: integer(env, 'AFSCORE_SUBMIT_LIMIT', 10, 1),
      mcp: integer(env, 'AFSCORE_MCP_LIMIT', 500, 1),
    },
    allowlist: allowlist(env.AFSCORE_ALLOWLIST),
    trustProxy,
  };
}
