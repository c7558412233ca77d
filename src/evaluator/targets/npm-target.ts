/**
 * `npm:` targets: the exact version is looked up on the registry (digest, publication time,
 * deprecation, provenance), then installed into the sandbox with `--ignore-scripts`, so nothing
 * of the package runs before the evaluator starts it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RegistryFacts } from '../../core/checks/package-facts.ts';

export interface NpmPackage {
  name: string;
  version: string;
  packageDir: string;
  digest: string;
  registry: RegistryFacts;
}

const NPM_TIMEOUT_MS = 300_000;

function npm(args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      [...args],
      { cwd, timeout: NPM_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new Error(
              `npm ${args[0]} failed: ${(stderr || error.message).trim().split('\n').slice(-3).join(' ')}`,
            ),
          );
        else resolve(stdout);
      },
    );
  });
}

/** `sha512-<base64>` (npm's integrity) as `sha512:<hex>`. */
export function integrityDigest(integrity: string): string | null {
  const match = /^(sha512|sha256)-([A-Za-z0-9+/=]+)$/.exec(integrity.trim().split(/\s+/)[0] ?? '');
  if (!match) return null;
  return `${match[1]}:${Buffer.from(match[2]!, 'base64').toString('hex')}`;
}

interface RegistryView {
  name?: string;
  version?: string;
  deprecated?: string;
  time?: Record<string, string>;
  dist?: { integrity?: string; signatures?: unknown[]; attestations?: { provenance?: unknown } };
}

export async function viewVersion(
  name: string,
  version: string | undefined,
  cwd: string,
): Promise<RegistryView> {
  const spec = `${name}@${version ?? 'latest'}`;
  // npm's own 404 text is several lines about tarballs and git URLs; say what is missing instead.
  const missing = new Error(
    `the npm registry has no ${spec}; check the name, and list its versions with: npm view ${name} versions`,
  );
  let output: string;
  try {
    output = await npm(['view', spec, '--json'], cwd);
  } catch (error) {
    if (/\bE404\b|\b404\b/.test((error as Error).message)) throw missing;
    throw error;
  }
  // An unknown version of a known package prints nothing at all.
  if (output.trim() === '') throw missing;
  const parsed: unknown = JSON.parse(output);
  // A range matching several versions gives a list; take the highest, which npm lists last.
  const view = Array.isArray(parsed) ? parsed[parsed.length - 1] : parsed;
  if (!view || typeof view !== 'object') throw missing;
  return view as RegistryView;
}

/**
 * The npm registry signs every version (`dist.signatures`) and lists provenance under
 * `dist.attestations`; a registry that reports neither (a stripping mirror) cannot say.
 */
export function provenanceOf(dist: RegistryView['dist']): boolean | null {
  if (dist?.attestations?.provenance) return true;
  return Array.isArray(dist?.signatures) ? false : null;
}

export async function installNpmPackage(
  name: string,
  version: string | undefined,
  root: string,
): Promise<NpmPackage> {
  const installDir = join(root, 'install');
  mkdirSync(installDir, { recursive: true });
  writeFileSync(join(installDir, 'package.json'), '{"name":"afscore-sandbox","private":true}\n');
  const view = await viewVersion(name, version, installDir);
  const exact = view.version;
  if (!exact) throw new Error(`npm did not say which version of ${name} to install`);
  const digest = integrityDigest(view.dist?.integrity ?? '');
  if (!digest) throw new Error(`the registry gives no sha512 integrity for ${name}@${exact}`);
  await npm(
    ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', `${name}@${exact}`],
    installDir,
  );
  return {
    name,
    version: exact,
    packageDir: join(installDir, 'node_modules', ...name.split('/')),
    digest,
    registry: {
      ...(view.deprecated ? { deprecated: view.deprecated } : {}),
      ...(view.time?.[exact] ? { publishedAt: view.time[exact] } : {}),
      provenance: provenanceOf(view.dist),
    },
  };
}
