/**
 * Servers that do not start bare, evaluated end to end in the sandbox from a local npm registry
 * (issue 20): each is started the way its publisher describes (the README's client configuration,
 * the catalogue's settings), and when it is not, the evaluation says specifically why, quoting the
 * line that matters, with advice that fits: usage printed on stdout → arguments; a variable named
 * in a long, coloured stderr → that variable; "listening on http" → --stdio.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartFailure } from '../src/core/checks/server/start-failure.ts';
import type { EvaluationDocument } from '../src/core/types.ts';
import { type EvaluateOptions, evaluate } from '../src/evaluator/evaluate.ts';
import { detectSandbox } from '../src/evaluator/sandbox/sandbox-support.ts';
import { type FakeRegistry, packFolder, startFakeRegistry } from './support/fake-npm-registry.ts';
import { useTempDirs } from './support/temp-dir.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'npm-packages');
const tempDir = useTempDirs();
let registry: FakeRegistry;
const restoreEnv: Record<string, string | undefined> = {};

function setEnv(name: string, value: string): void {
  if (!(name in restoreEnv)) restoreEnv[name] = process.env[name];
  process.env[name] = value;
}

beforeAll(async () => {
  const shared = { 'mini-mcp.cjs': join(FIXTURES, 'mini-mcp.cjs') };
  registry = await startFakeRegistry(
    ['usage-printer', 'token-needer', 'http-first'].map((name) => packFolder(join(FIXTURES, name), shared)),
  );
  setEnv('npm_config_registry', registry.url);
  const cacheParent = tempDir();
  chmodSync(cacheParent, 0o755);
  setEnv('AFSCORE_NPM_CACHE', join(cacheParent, 'npm-cache'));
}, 120_000);

afterAll(async () => {
  for (const [name, value] of Object.entries(restoreEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await registry?.close();
});

async function run(name: string, extra: Partial<EvaluateOptions> = {}): Promise<EvaluationDocument> {
  const detected = detectSandbox();
  if (!detected.ok) throw new Error(detected.reason);
  return evaluate({
    target: { kind: 'npm', name },
    packageId: name,
    contributor: 'ada-evaluates',
    relationship: 'none',
    evaluationId: randomUUID(),
    judge: null,
    env: {},
    serverArgs: [],
    now: Date.now,
    sandbox: { support: detected.support, network: false, npmCacheDir: process.env.AFSCORE_NPM_CACHE! },
    // A hanging start is given up on sooner than the rubric's 10 s and 30 s.
    startup: { startupTimeoutMs: 4_000, startupRetryTimeoutMs: 6_000 },
    ...extra,
  });
}

function launchOf(doc: EvaluationDocument): Record<string, unknown> & { failure?: StartFailure } {
  return (doc.inputs as { launch: Record<string, unknown> & { failure?: StartFailure } }).launch;
}

function rel01(doc: EvaluationDocument) {
  return doc.checks.find((check) => check.id === 'REL-01')!;
}

describe('a server that needs a subcommand (usage on stdout)', () => {
  it('starts with the subcommand and arguments its README gives', async () => {
    const doc = await run('mcp-flag-keeper');
    expect(doc.scores.status).not.toBe('unrunnable');
    expect(rel01(doc).status).toBe('pass');
    expect(launchOf(doc)).toMatchObject({
      command: 'mcp-flags start --api-key api-xxxxxxxx',
      args_from: 'readme',
    });
    expect(doc.metrics?.tool_count).toBe(1);
  }, 120_000);

  it('started otherwise, quotes the usage it printed and advises arguments, not variables', async () => {
    const doc = await run('mcp-flag-keeper', { serverArgs: ['serve'] });
    expect(doc.scores.status).toBe('unrunnable');
    const failure = launchOf(doc).failure!;
    expect(failure).toMatchObject({ class: 'needs-arguments', quote: 'USAGE' });
    expect(failure.reason).toBe(
      'The server exited with code 1 before answering initialize: it printed its usage instead of starting; stdout: "USAGE"',
    );
    expect(failure.advice).toContain('packageArguments');
    expect(failure.advice).not.toContain('--env');
    expect(rel01(doc).evidence).toEqual([
      { location: 'start', value: 'needs arguments (printed its usage)', excerpt: 'USAGE' },
    ]);
  }, 120_000);
});

describe('a server that names its missing variable before a long stack trace', () => {
  it('names the variable, with colour codes stripped, however long the trace', async () => {
    const doc = await run('mcp-crm-notes');
    expect(doc.scores.status).toBe('unrunnable');
    const failure = launchOf(doc).failure!;
    expect(failure).toMatchObject({ class: 'missing-variable', variable: 'ACME_CRM_TOKEN' });
    expect(failure.quote).toBe(
      'Error: CRM access token is required. Set ACME_CRM_TOKEN in your environment variables and retry.',
    );
    expect(failure.advice).toContain('--env ACME_CRM_TOKEN=<placeholder>');
    expect(rel01(doc).message).toContain('it needs the variable ACME_CRM_TOKEN');
  }, 120_000);

  it('starts with a placeholder when the catalogue lists the variable, recording only its name', async () => {
    const doc = await run('mcp-crm-notes', {
      configuration: {
        environment: [{ name: 'ACME_CRM_TOKEN', description: 'The CRM token.', secret: true }],
      },
    });
    expect(rel01(doc).status).toBe('pass');
    expect(launchOf(doc)).toMatchObject({
      env_names: ['ACME_CRM_TOKEN'],
      placeholders_from: ['catalogue'],
    });
    expect(JSON.stringify(launchOf(doc))).not.toContain('afscore-placeholder-acme-crm-token');
  }, 120_000);

  it('publishes the name of a value the contributor passed, never the value a tool echoes', async () => {
    const token = 'crm_live_7f3kQ9x2LmP4vR8sT1';
    const doc = await run('mcp-crm-notes', { env: { ACME_CRM_TOKEN: token } });
    expect(rel01(doc).status).toBe('pass');
    const echoed = (doc.inputs as { contents: { tool_results: { tool: string; text: string }[] } }).contents
      .tool_results;
    expect(echoed.find((result) => result.tool === 'connection_status')?.text).toBe(
      'Connected to workspace acme with token ⟨ACME_CRM_TOKEN⟩.',
    );
    expect(JSON.stringify(doc)).not.toContain(token);
  }, 120_000);
});

describe('a server that serves HTTP unless told --stdio', () => {
  it('starts over stdio with the --stdio its README gives', async () => {
    const doc = await run('mcp-pdf-viewer');
    expect(rel01(doc).status).toBe('pass');
    expect(launchOf(doc)).toMatchObject({ command: 'mcp-pdf-viewer --stdio', args_from: 'readme' });
  }, 120_000);

  it('started without it, says it serves HTTP, quoting the address it announced', async () => {
    const doc = await run('mcp-pdf-viewer', { serverArgs: ['--verbose'] });
    expect(doc.scores.status).toBe('unrunnable');
    const failure = launchOf(doc).failure!;
    expect(failure).toMatchObject({
      class: 'http-only',
      quote: 'MCP server listening on http://localhost:3001/mcp',
    });
    expect(failure.reason).toContain('did not answer initialize within 6 s');
    // Started again for HTTP at the address it announced: nothing MCP answers there (404).
    expect(failure.reason).toContain(
      'Started again for Streamable HTTP at http://localhost:3001/mcp, it did not answer there either (no MCP endpoint at its HTTP address).',
    );
    expect(failure.advice).toContain('--stdio');
  }, 120_000);
});
