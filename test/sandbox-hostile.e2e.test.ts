/**
 * Hostile packages evaluated end to end, installed with the real npm from a local registry (tests
 * never reach the public one) into the sandbox (issue 15). A credential thief finds none of the
 * contributor's files, environment, processes or network and leaves nothing behind; a fork bomb,
 * an 8 GiB allocation and a CPU spin are stopped by the sandbox's limits; each evaluation still
 * completes and records what happened (SEC-13, REL-10, inputs.sandbox). A native module builds in
 * the sandbox from its install script, and an honest server scores the same with and without it.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import type { CheckResult, EvaluationDocument, PackageFile } from '../src/core/types.ts';
import { validateEvaluation } from '../src/core/validation/validate-evaluation.ts';
import { evaluate } from '../src/evaluator/evaluate.ts';
import type { ProcessLimits } from '../src/evaluator/sandbox/sandbox-policy.ts';
import { detectSandbox } from '../src/evaluator/sandbox/sandbox-support.ts';
import { captureIo } from './support/capture-io.ts';
import { type FakeRegistry, packFolder, startFakeRegistry } from './support/fake-npm-registry.ts';
import { useTempDirs } from './support/temp-dir.ts';

const REPO = join(import.meta.dirname, '..');
const HOSTILE = join(import.meta.dirname, 'fixtures', 'npm-packages');
const SERVERS = join(import.meta.dirname, 'fixtures', 'mcp-servers');
const TOKEN = 'ghp_afscoreFakeToken0123456789abcdefABCDEF';
const RUN = `${process.pid}-${Date.now()}`;

const tempDir = useTempDirs();
let registry: FakeRegistry;
let out: string;
let listener: Server;
let loopbackConnections = 0;
const restoreEnv: Record<string, string | undefined> = {};

function setEnv(name: string, value: string): void {
  if (!(name in restoreEnv)) restoreEnv[name] = process.env[name];
  process.env[name] = value;
}

/** Host processes whose command line holds the marker. */
function processesWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .filter((pid) => {
      try {
        return (
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker) &&
          !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

function check(doc: EvaluationDocument, id: string): CheckResult {
  const found = doc.checks.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
}

function valid(doc: EvaluationDocument): void {
  const stub = { id: doc.package.id, kind: doc.package.kind, maintainers: [] } as unknown as PackageFile;
  expect(validateEvaluation(doc, { packages: new Map([[doc.package.id, stub]]), mode: 'integrity' })).toEqual(
    {
      ok: true,
      value: doc,
    },
  );
}

/** Through the CLI, as a contributor runs it. */
async function evaluateCli(target: string, id: string, extra: readonly string[] = []) {
  const file = join(out, `${id}.json`);
  const io = captureIo(REPO);
  const code = await main(
    [
      'evaluate',
      target,
      '--package-id',
      id,
      '--no-llm',
      '--contributor',
      'ada-evaluates',
      '--out',
      file,
      ...extra,
    ],
    io,
  );
  if (!existsSync(file)) throw new Error(`no document (exit ${code}): ${io.stderr.join('\n')}`);
  return { code, doc: JSON.parse(readFileSync(file, 'utf8')) as EvaluationDocument, stderr: io.stderr };
}

/** Through the evaluator, with limits lowered so a busy test machine gets there quickly. */
async function evaluateWithLimits(name: string, limits: Partial<ProcessLimits>, env: Record<string, string>) {
  const detected = detectSandbox();
  if (!detected.ok) throw new Error(detected.reason);
  return evaluate({
    target: { kind: 'npm', name },
    packageId: name,
    contributor: 'ada-evaluates',
    relationship: 'none',
    evaluationId: randomUUID(),
    judge: null,
    env,
    serverArgs: [],
    now: Date.now,
    sandbox: {
      support: detected.support,
      network: false,
      npmCacheDir: process.env.AFSCORE_NPM_CACHE!,
      limits: { run: limits },
    },
  });
}

/** A folder node-gyp accepts as Node's headers; the addon declares the Node-API functions it calls. */
function headersFolder(): string {
  const parent = tempDir();
  // The sandbox runs as nobody when the tests run as root: it must be able to read the folder.
  chmodSync(parent, 0o755);
  const dir = join(parent, 'node-headers');
  mkdirSync(join(dir, 'include', 'node'), { recursive: true });
  writeFileSync(join(dir, 'include', 'node', 'common.gypi'), "{ 'variables': {}, 'target_defaults': {} }\n");
  writeFileSync(join(dir, 'include', 'node', 'config.gypi'), "{ 'variables': {} }\n");
  return dir;
}

const canaries = {
  home: join(homedir(), `afscore-canary-${RUN}.txt`),
  checkout: join(REPO, `afscore-canary-${RUN}.txt`),
};
const drops = {
  DROP_HOME: join(homedir(), `afscore-drop-${RUN}`),
  DROP_CHECKOUT: join(REPO, `afscore-drop-${RUN}`),
  DROP_TMP: join(tmpdir(), `afscore-drop-${RUN}`),
  DROP_LATE: join(tmpdir(), `afscore-late-${RUN}`),
};

beforeAll(async () => {
  const shared = { 'mini-mcp.cjs': join(HOSTILE, 'mini-mcp.cjs') };
  registry = await startFakeRegistry(
    ['weather-snoop', 'native-greeter', 'log-forker', 'image-hoarder', 'hash-spinner'].map((name) =>
      packFolder(join(HOSTILE, name), shared),
    ),
  );
  out = tempDir();
  setEnv('npm_config_registry', registry.url);
  setEnv('npm_config_nodedir', headersFolder());
  const cacheParent = tempDir();
  chmodSync(cacheParent, 0o755);
  setEnv('AFSCORE_NPM_CACHE', join(cacheParent, 'npm-cache'));
  setEnv('AFSCORE_GITHUB_TOKEN', TOKEN);
  writeFileSync(canaries.home, 'home canary: id_rsa');
  writeFileSync(canaries.checkout, 'checkout canary: .env');
  listener = createServer((socket) => {
    loopbackConnections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
}, 120_000);

afterAll(async () => {
  for (const [name, value] of Object.entries(restoreEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  for (const path of [...Object.values(canaries), ...Object.values(drops)]) rmSync(path, { force: true });
  await new Promise((resolve) => listener?.close(resolve));
  await registry?.close();
});

describe('a credential thief (install script and server)', () => {
  let doc: EvaluationDocument;
  let loot: { install: Record<string, unknown>; start: Record<string, unknown> };
  const marker = `afscore-late-${RUN}`;

  beforeAll(async () => {
    const env = {
      CANARY_HOME: canaries.home,
      CANARY_CHECKOUT: canaries.checkout,
      LOOPBACK_PORT: String((listener.address() as AddressInfo).port),
      MARKER: marker,
      ...drops,
    };
    const result = await evaluateCli(
      'npm:mcp-weather-now',
      'mcp-weather-now',
      Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
    );
    doc = result.doc;
    const inputs = doc.inputs as { tools: { name: string; description: string }[] };
    const diagnostics = inputs.tools.find((tool) => tool.name === 'diagnostics')!.description;
    loot = JSON.parse(diagnostics.slice('Diagnostics: '.length));
  }, 240_000);

  it('completes with a valid document that records the sandbox', () => {
    valid(doc);
    expect(doc.environment?.sandbox).toMatchObject({
      tool: 'bubblewrap',
      network: 'none',
      namespaces: ['user', 'pid', 'mount', 'ipc', 'uts', 'network'],
      install_scripts: 'sandboxed',
      install_hosts: expect.arrayContaining([new URL(registry.url).host]),
    });
    expect(check(doc, 'REL-01').status).toBe('pass');
  });

  it('ran its install script inside the sandbox, where it found nothing either', () => {
    expect(loot.install).toMatchObject({
      homeCanary: { ok: false, error: 'ENOENT' },
      checkoutCanary: { ok: false, error: 'ENOENT' },
      environ: { found: [] },
      writeHome: { ok: false },
      writeSystem: { ok: false, error: 'EROFS' },
      loopback: 'ECONNREFUSED',
      outside: 'ENETUNREACH',
    });
    // It asked the install proxy for a host outside the allowlist, and was refused.
    expect(
      (doc.inputs as { sandbox: { networkAttempts: unknown[] } }).sandbox.networkAttempts,
    ).toContainEqual(
      expect.objectContaining({
        phase: 'scripts',
        kind: 'proxy',
        destination: 'collector.example.net:80',
        outcome: 'denied',
      }),
    );
  });

  it('read no canary in the real home or the checkout, and no environment of the evaluator', () => {
    expect(loot.start).toMatchObject({
      homeCanary: { ok: false, error: 'ENOENT' },
      checkoutCanary: { ok: false, error: 'ENOENT' },
      environ: { found: [] },
    });
    expect(loot.start.visiblePids as number).toBeLessThanOrEqual(4);
    const text = JSON.stringify(doc);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('canary:');
  });

  it('wrote nothing outside its folders', () => {
    expect(loot.start).toMatchObject({
      writeHome: { ok: false },
      writeSystem: { ok: false, error: 'EROFS' },
    });
    for (const path of [drops.DROP_HOME, drops.DROP_CHECKOUT, drops.DROP_TMP])
      expect(existsSync(path)).toBe(false);
  });

  it('reached neither the host’s loopback nor the outside, and the attempts are a finding', () => {
    expect(loot.start).toMatchObject({ loopback: 'ECONNREFUSED', outside: 'ENETUNREACH' });
    expect(loopbackConnections).toBe(0);
    const sec13 = check(doc, 'SEC-13');
    expect(sec13.status).toBe('fail');
    expect(sec13.message).toContain('203.0.113.7:443');
    expect(sec13.evidence?.length).toBeGreaterThan(0);
  });

  it('left no detached process behind, and its late write never happened', async () => {
    expect(processesWith(marker)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(existsSync(drops.DROP_LATE)).toBe(false);
    expect(processesWith(marker)).toEqual([]);
  });
});

describe('packages that exhaust the machine', () => {
  it('stops 1,000 forks at the process limit, and the evaluation completes', async () => {
    const marker = `afscore-forks-${RUN}`;
    const doc = await evaluateWithLimits('mcp-log-tail', { processes: 64 }, { MARKER: marker });
    valid(doc);
    expect(check(doc, 'REL-01').status).toBe('pass');
    expect(check(doc, 'REL-10')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('processes'),
    });
    const description = (doc.inputs as { tools: { description: string }[] }).tools[0]!.description;
    expect(Number(/\((\d+) watchers\)/.exec(description)![1])).toBeLessThan(64);
    expect(processesWith(marker)).toEqual([]);
  }, 240_000);

  it('stops an 8 GiB allocation at the memory limit', async () => {
    const doc = await evaluateWithLimits('mcp-image-cache', {}, {});
    valid(doc);
    const description = (doc.inputs as { tools: { description: string }[] }).tools[0]!.description;
    const reserved = Number(/(\d+) MiB reserved/.exec(description)![1]);
    expect(reserved).toBeLessThan(2048);
    expect(description).toContain('allocation failed');
    expect(check(doc, 'REL-10')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('memory'),
    });
  }, 240_000);

  it('stops a CPU spin at the CPU limit, and kills the spinner at the end', async () => {
    const marker = `afscore-spin-${RUN}`;
    const doc = await evaluateWithLimits('mcp-hash-worker', { cpuSeconds: 1 }, { MARKER: marker });
    valid(doc);
    expect(check(doc, 'REL-10')).toMatchObject({ status: 'fail', message: expect.stringContaining('cpu') });
    expect(processesWith(marker)).toEqual([]);
  }, 240_000);
});

describe('install scripts in the sandbox', () => {
  it('build a native module with node-gyp (Python, make, a C compiler), so the server starts', async () => {
    const { doc } = await evaluateCli('npm:mcp-native-greeter', 'mcp-native-greeter');
    valid(doc);
    expect(check(doc, 'REL-01').status).toBe('pass');
    const tools = (doc.inputs as { tools: { name: string; description: string }[] }).tools;
    expect(tools[0]!.description).toBe('Says hello from C: "Hello from C, built in the sandbox".');
    expect(check(doc, 'SEC-09').status).toBe('fail');
    expect(check(doc, 'REL-10').status).toBe('pass');
    expect(check(doc, 'SEC-13').status).toBe('pass');
  }, 240_000);
});

describe('an honest server', () => {
  it('scores the same inside the sandbox as without it', async () => {
    const [inside, outside] = await Promise.all([
      evaluateCli(join(SERVERS, 'clean'), 'fixture-clean-sandboxed'),
      evaluateCli(join(SERVERS, 'clean'), 'fixture-clean-unsandboxed', ['--no-sandbox']),
    ]);
    valid(inside.doc);
    valid(outside.doc);
    expect(inside.doc.scores.af_score).toBe(outside.doc.scores.af_score);
    expect(inside.doc.scores.grade).toBe('A');
    const statuses = (doc: EvaluationDocument) =>
      Object.fromEntries(
        doc.checks
          .filter((item) => !['SEC-13', 'REL-10'].includes(item.id))
          .map((item) => [item.id, item.status]),
      );
    expect(statuses(inside.doc)).toEqual(statuses(outside.doc));
    expect(check(inside.doc, 'SEC-13').status).toBe('pass');
    expect(check(inside.doc, 'REL-10').status).toBe('pass');
    expect(check(outside.doc, 'SEC-13').status).toBe('not_run');
    expect(outside.doc.environment?.sandbox).toEqual({ tool: 'none', network: 'full' });
    expect(outside.stderr.join('\n')).toContain('--no-sandbox');
  }, 240_000);
});
