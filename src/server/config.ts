/**
 * The server's configuration, from the environment. Everything has a default that serves the
 * bundled data on http://localhost:4321; a value that cannot be used stops start-up with a message
 * naming the variable.
 */
import { BlockList, isIP } from 'node:net';
import { resolve } from 'node:path';
import { repositoryUrlFrom } from '../site/site-links.ts';
import { DEFAULT_RESPONSE_CACHE_BYTES } from './live/response-cache.ts';
import { proxyList } from './rate-limit/client-address.ts';
import type { PolicyName } from './rate-limit/policies.ts';

export interface AllowEntry {
  match: BlockList;
  limit: number;
}

export interface DeliveryConfig {
  backend: 'github' | 'local';
  github: {
    repository: string;
    token: string;
    apiUrl: string;
    baseBranch: string | undefined;
    timeoutMs: number;
    /** Octokit's pacing of write requests (GitHub's advice for content creation); off only in tests. */
    throttle: boolean;
  } | null;
  localRepository: string;
  localBase: string | undefined;
  /** First retry delay of a failed delivery, doubled per attempt. */
  retryMs: number;
}

export interface OAuthConfig {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
}

export interface ServerConfig {
  host: string;
  port: number;
  publicUrl: string;
  /** Whether AFSCORE_PUBLIC_URL was given; otherwise pages use the address they were asked at. */
  publicUrlConfigured: boolean;
  /** The project's source repository, for the site's links and issue forms (`AFSCORE_REPOSITORY_URL`). */
  repositoryUrl: string;
  root: string;
  generatedDir: string;
  distDir: string;
  stateDir: string;
  limits: Record<PolicyName, number>;
  allowlist: AllowEntry[];
  trustProxy: BlockList | null;
  /** Browser origins besides the public URL's that may call `/mcp` (`AFSCORE_MCP_ALLOWED_ORIGINS`). */
  mcpAllowedOrigins: string[];
  delivery: DeliveryConfig;
  leaseHours: number;
  /** GitHub sign-in; null when the operator issues keys by hand. */
  oauth: OAuthConfig | null;
  /** Where people ask the operator for a key when sign-in is not configured. */
  operatorContact: string;
  /** PostgreSQL shared by every instance (`AFSCORE_DATABASE_URL`); null for the embedded store. */
  databaseUrl: string | null;
  http: HttpLimits;
  /**
   * Memory for responses kept ready to write, per data version (`AFSCORE_RESPONSE_CACHE_MB`),
   * shared by HTTP reads, badges and MCP answers (live/response-cache.ts).
   */
  responseCacheBytes: number;
}

/** What one slow, idle or greedy client may hold of the server. */
export interface HttpLimits {
  /** Request headers must arrive within this (slowloris). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** A socket with nothing moving either way is closed after this (slow readers). */
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Open sockets at once; further ones are dropped until some close. */
  maxConnections: number;
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

/** `AFSCORE_MCP_ALLOWED_ORIGINS=https://app.example,http://localhost:6274`: exact origins. */
function origins(spec: string | undefined): string[] {
  return (spec ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const origin = URL.canParse(entry) ? new URL(entry).origin : 'null';
      if (origin === 'null' || origin !== entry.replace(/\/$/, '').toLowerCase()) {
        throw new ConfigError(
          `AFSCORE_MCP_ALLOWED_ORIGINS: "${entry}" should be an origin such as https://app.example.com`,
        );
      }
      return origin;
    });
}

function delivery(env: NodeJS.ProcessEnv, root: string): DeliveryConfig {
  const repository = env.AFSCORE_GITHUB_REPO;
  const token = env.AFSCORE_GITHUB_TOKEN;
  if (Boolean(repository) !== Boolean(token)) {
    throw new ConfigError(
      'AFSCORE_GITHUB_REPO and AFSCORE_GITHUB_TOKEN go together: set both to deliver pull requests, or neither',
    );
  }
  const chosen = env.AFSCORE_DELIVERY || (repository ? 'github' : 'local');
  if (chosen !== 'github' && chosen !== 'local')
    throw new ConfigError(`AFSCORE_DELIVERY must be github or local, not "${chosen}"`);
  if (chosen === 'github' && !repository)
    throw new ConfigError('AFSCORE_DELIVERY=github needs AFSCORE_GITHUB_REPO and AFSCORE_GITHUB_TOKEN');
  return {
    backend: chosen,
    github:
      repository && token
        ? {
            repository,
            token,
            apiUrl: env.AFSCORE_GITHUB_API_URL || 'https://api.github.com',
            baseBranch: env.AFSCORE_GITHUB_BASE || undefined,
            timeoutMs: integer(env, 'AFSCORE_GITHUB_TIMEOUT_MS', 20_000, 100),
            throttle: env.AFSCORE_GITHUB_THROTTLE !== 'off',
          }
        : null,
    localRepository: resolve(root, env.AFSCORE_LOCAL_REPO || '.'),
    localBase: env.AFSCORE_LOCAL_BASE || undefined,
    retryMs: integer(env, 'AFSCORE_DELIVERY_RETRY_MS', 5_000, 1),
  };
}

function oauth(env: NodeJS.ProcessEnv): OAuthConfig | null {
  const clientId = env.AFSCORE_GITHUB_CLIENT_ID;
  const clientSecret = env.AFSCORE_GITHUB_CLIENT_SECRET;
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret)
    throw new ConfigError('AFSCORE_GITHUB_CLIENT_ID and AFSCORE_GITHUB_CLIENT_SECRET go together');
  return { clientId, clientSecret, apiUrl: env.AFSCORE_GITHUB_API_URL || 'https://api.github.com' };
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
    publicUrlConfigured: Boolean(env.AFSCORE_PUBLIC_URL),
    repositoryUrl: repositoryUrl(env),
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
    mcpAllowedOrigins: origins(env.AFSCORE_MCP_ALLOWED_ORIGINS),
    delivery: delivery(env, root),
    leaseHours: integer(env, 'AFSCORE_LEASE_HOURS', 24, 1),
    oauth: oauth(env),
    operatorContact:
      env.AFSCORE_OPERATOR_CONTACT || 'the operator of this deployment (open an issue in its repository)',
    databaseUrl: databaseUrl(env.AFSCORE_DATABASE_URL),
    http: httpLimits(env),
    responseCacheBytes:
      integer(env, 'AFSCORE_RESPONSE_CACHE_MB', DEFAULT_RESPONSE_CACHE_BYTES / 2 ** 20, 1) * 2 ** 20,
  };
}

function repositoryUrl(env: NodeJS.ProcessEnv): string {
  const url = repositoryUrlFrom(env);
  if (!URL.canParse(url) || new URL(url).protocol !== 'https:')
    throw new ConfigError(`AFSCORE_REPOSITORY_URL must be an https:// URL, not "${url}"`);
  return url;
}

function databaseUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  if (!URL.canParse(raw) || !/^postgres(ql)?:$/.test(new URL(raw).protocol))
    throw new ConfigError('AFSCORE_DATABASE_URL must be a postgres:// or postgresql:// URL');
  return raw;
}

function httpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const requestTimeoutMs = integer(env, 'AFSCORE_REQUEST_TIMEOUT_MS', 30_000, 100);
  const headersTimeoutMs = integer(env, 'AFSCORE_HEADERS_TIMEOUT_MS', 10_000, 100);
  if (headersTimeoutMs > requestTimeoutMs)
    throw new ConfigError('AFSCORE_HEADERS_TIMEOUT_MS must not be longer than AFSCORE_REQUEST_TIMEOUT_MS');
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    idleTimeoutMs: integer(env, 'AFSCORE_IDLE_TIMEOUT_MS', 60_000, 100),
    keepAliveTimeoutMs: 5_000,
    maxConnections: integer(env, 'AFSCORE_MAX_CONNECTIONS', 1_000, 1),
  };
}
