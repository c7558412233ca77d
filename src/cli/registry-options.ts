/**
 * The options `afscore sync` and `afscore import` share: where the registries answer, and how
 * politely to ask them. Flags win over the environment, which wins over the public registries.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PoliteClient } from '../registries/polite-client.ts';
import { type Endpoints, endpointsFrom } from '../registries/sources.ts';

export const REGISTRY_OPTIONS = {
  rate: { type: 'string' },
  'npm-registry': { type: 'string' },
  'npm-downloads-url': { type: 'string' },
  'pypi-url': { type: 'string' },
  'mcp-registry-url': { type: 'string' },
} as const;

export const REGISTRY_OPTIONS_USAGE = `  --rate N                 requests per second to any one registry host (default 4)
  --npm-registry URL       npm registry (AFSCORE_NPM_REGISTRY, default https://registry.npmjs.org)
  --npm-downloads-url URL  npm download counts (AFSCORE_NPM_DOWNLOADS_URL, default https://api.npmjs.org)
  --pypi-url URL           PyPI (AFSCORE_PYPI_URL, default https://pypi.org)
  --mcp-registry-url URL   the MCP Registry (AFSCORE_MCP_REGISTRY_URL, default
                           https://registry.modelcontextprotocol.io)`;

export interface RegistryOptionValues {
  rate?: string;
  'npm-registry'?: string;
  'npm-downloads-url'?: string;
  'pypi-url'?: string;
  'mcp-registry-url'?: string;
}

const VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Names the project and how to reach its operator, as registries ask of automated clients. */
export function userAgent(env: Record<string, string | undefined>): string {
  const contact = env.AFSCORE_OPERATOR_CONTACT ? `; ${env.AFSCORE_OPERATOR_CONTACT}` : '';
  const site = env.AFSCORE_PUBLIC_URL ?? 'https://afscore.dev';
  return `afscore/${VERSION} (registry sync; +${site}${contact})`;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function registrySetup(
  values: RegistryOptionValues,
  env: Record<string, string | undefined>,
): { ok: true; endpoints: Endpoints; rate: number } | { ok: false; message: string } {
  const rate = values.rate === undefined ? 4 : Number(values.rate);
  if (!(Number.isFinite(rate) && rate > 0 && rate <= 50)) {
    return { ok: false, message: '--rate must be a number of requests per second, above 0 and at most 50' };
  }
  const endpoints = endpointsFrom({
    ...env,
    ...(values['npm-registry'] ? { AFSCORE_NPM_REGISTRY: values['npm-registry'] } : {}),
    ...(values['npm-downloads-url'] ? { AFSCORE_NPM_DOWNLOADS_URL: values['npm-downloads-url'] } : {}),
    ...(values['pypi-url'] ? { AFSCORE_PYPI_URL: values['pypi-url'] } : {}),
    ...(values['mcp-registry-url'] ? { AFSCORE_MCP_REGISTRY_URL: values['mcp-registry-url'] } : {}),
  });
  const bad = Object.entries(endpoints).find(([, url]) => !isHttpUrl(url));
  if (bad) return { ok: false, message: `${bad[0]} endpoint "${bad[1]}" is not an http(s) URL` };
  return { ok: true, endpoints, rate };
}

export function politeClient(
  rate: number,
  env: Record<string, string | undefined>,
  onWait?: (line: string) => void,
) {
  return new PoliteClient({
    userAgent: userAgent(env),
    ratePerSecond: rate,
    onWait: onWait
      ? ({ url, status, waitMs, attempt }) =>
          onWait(
            `  ${status === null ? 'no answer' : `answered ${status}`} from ${new URL(url).host}; retry ${attempt} in ${(waitMs / 1000).toFixed(1)} s`,
          )
      : undefined,
  });
}
