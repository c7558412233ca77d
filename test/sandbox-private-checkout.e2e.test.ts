/**
 * The evaluator run from a checkout that sits in a folder only its owner may enter (a `mktemp -d`,
 * a 700 home such as /root), the way a contributor running as root, or CI, meets it. As root the
 * sandbox runs as nobody, who cannot pass that folder: the sandbox must still get its Node, npm and
 * helpers (copies from the runtime cache) and a folder target inside the checkout (bridged by a
 * private mount). The CLI runs as a user runs it: its own Node binary and its sources live in the
 * private folder, as in a clone there.
 */
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, linkSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationDocument } from '../src/core/types.ts';
import { type FakeRegistry, packFolder, startFakeRegistry } from './support/fake-npm-registry.ts';
import { useTempDirs } from './support/temp-dir.ts';

const REPO = join(import.meta.dirname, '..');
const NPM_PACKAGES = join(import.meta.dirname, 'fixtures', 'npm-packages');

const tempDir = useTempDirs();
let checkout: string;
let node: string;
let npmCache: string;
let registry: FakeRegistry;

/** A clone in a private folder: its own Node binary and sources; node_modules shared with this checkout. */
function privateCheckout(): string {
  const privateDir = tempDir('afscore-private-');
  chmodSync(privateDir, 0o700);
  const dir = join(privateDir, 'afscore');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  for (const path of ['src', 'scripts/cli.ts', 'package.json', 'test/fixtures/mcp-servers/clean'])
    cpSync(join(REPO, path), join(dir, path), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  node = join(dir, 'bin', 'node');
  try {
    linkSync(process.execPath, node);
  } catch {
    copyFileSync(process.execPath, node);
  }
  return dir;
}

function evaluateCli(
  target: string,
  id: string,
): Promise<{ code: number | null; stderr: string; doc: EvaluationDocument | null }> {
  const out = join(tempDir(), `${id}.json`);
  const child = spawn(
    node,
    [
      join(checkout, 'scripts', 'cli.ts'),
      'evaluate',
      target,
      '--package-id',
      id,
      '--no-llm',
      '--contributor',
      'ada-evaluates',
      '--out',
      out,
    ],
    {
      cwd: checkout,
      env: { ...process.env, npm_config_registry: registry.url, AFSCORE_NPM_CACHE: npmCache },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      let doc: EvaluationDocument | null = null;
      try {
        doc = JSON.parse(readFileSync(out, 'utf8')) as EvaluationDocument;
      } catch {
        // no document: stderr says why
      }
      resolve({ code, stderr, doc });
    }),
  );
}

beforeAll(async () => {
  checkout = privateCheckout();
  const cacheParent = tempDir();
  // The sandbox (nobody, under root) writes the npm cache: its folder must let it pass.
  chmodSync(cacheParent, 0o755);
  npmCache = join(cacheParent, 'npm-cache');
  registry = await startFakeRegistry([
    packFolder(join(NPM_PACKAGES, 'time-teller'), { 'mini-mcp.cjs': join(NPM_PACKAGES, 'mini-mcp.cjs') }),
  ]);
}, 60_000);

afterAll(async () => {
  await registry?.close();
});

describe('a checkout in a folder only its owner may enter', () => {
  it('installs and evaluates an npm package in the sandbox', async () => {
    const result = await evaluateCli('npm:mcp-time-teller', 'mcp-time-teller');
    expect(result.stderr).not.toMatch(/Can't find source path|cannot show/);
    expect(result.code, result.stderr).toBe(0);
    expect(result.doc?.scores.status).toBe('scored');
    expect(result.doc?.environment?.sandbox).toMatchObject({
      tool: 'bubblewrap',
      install_scripts: 'sandboxed',
    });
  }, 180_000);

  it('evaluates a folder target inside the checkout in the sandbox', async () => {
    const result = await evaluateCli(
      join(checkout, 'test', 'fixtures', 'mcp-servers', 'clean'),
      'fixture-clean',
    );
    expect(result.stderr).not.toMatch(/Can't find source path|cannot show/);
    expect(result.code, result.stderr).toBe(0);
    expect(result.doc?.scores.status).toBe('scored');
    expect(result.doc?.environment?.sandbox).toMatchObject({ tool: 'bubblewrap' });
  }, 180_000);
});
