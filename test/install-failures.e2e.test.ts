/**
 * Packages that cannot be installed are public failures (issue 20, item 2), like servers that do
 * not start: installed with the real npm, in the sandbox, from a local registry, each gets an
 * unrunnable evaluation whose reason quotes the line that matters: gone from the registry, a
 * dependency on a host the install cannot reach, npm's refusal. Built into a catalogue, the
 * reason is on the package record (its page) and the queue, with the back-off of a failed start.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../src/core/catalogue/build-catalogue.ts';
import type { StartFailure } from '../src/core/checks/server/start-failure.ts';
import type { EvaluationDocument } from '../src/core/types.ts';
import { loadRepository } from '../src/data/load-repository.ts';
import { evaluate } from '../src/evaluator/evaluate.ts';
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
    ['git-dependent', 'mac-only'].map((name) => packFolder(join(FIXTURES, name), shared)),
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

const FINISHED = Date.parse('2026-11-20T10:00:00Z');

async function run(name: string, version?: string): Promise<EvaluationDocument> {
  const detected = detectSandbox();
  if (!detected.ok) throw new Error(detected.reason);
  return evaluate({
    target: { kind: 'npm', name, ...(version ? { version } : {}) },
    packageId: name,
    contributor: 'afscore-team',
    relationship: 'none',
    evaluationId: randomUUID(),
    judge: null,
    env: {},
    serverArgs: [],
    now: () => FINISHED,
    sandbox: { support: detected.support, network: false, npmCacheDir: process.env.AFSCORE_NPM_CACHE! },
  });
}

const failureOf = (doc: EvaluationDocument) =>
  (doc.inputs as { launch: { failure: StartFailure; installed?: boolean } }).launch;
const rel01 = (doc: EvaluationDocument) => doc.checks.find((check) => check.id === 'REL-01')!;

const docs = new Map<string, EvaluationDocument>();

describe('a package that cannot be installed', () => {
  it('is gone from the registry: says so, quoting the 404', async () => {
    const doc = await run('mcp-vanished-notes', '2.0.0');
    docs.set('vanished-notes', doc);
    expect(doc.scores.status).toBe('unrunnable');
    expect(doc.package.version).toBe('2.0.0');
    expect(failureOf(doc)).toMatchObject({ installed: false, failure: { class: 'package-gone' } });
    const { failure } = failureOf(doc);
    expect(failure.quote).toMatch(/404 Not Found - GET http:\/\/127\.0\.0\.1:\d+\/mcp-vanished-notes/);
    expect(failure.reason).toContain('The npm registry has no mcp-vanished-notes@2.0.0');
    expect(rel01(doc)).toMatchObject({ status: 'fail' });
    expect(rel01(doc).evidence?.[0]).toMatchObject({ value: 'gone from the registry' });
  }, 120_000);

  it('depends on a host the install cannot reach: names the host and quotes npm', async () => {
    const doc = await run('mcp-wiki-notes');
    docs.set('wiki-notes', doc);
    expect(doc.scores.status).toBe('unrunnable');
    expect(doc.package.version).toBe('0.4.1');
    const { failure } = failureOf(doc);
    expect(failure).toMatchObject({ class: 'unreachable-dependency', runtime: 'gitlab.corp-wiki.example' });
    expect(failure.quote).toContain('gitlab.corp-wiki.example');
    expect(failure.advice).toContain('publish that dependency to npm');
    // Nothing of the package was read, and the document says why rather than scoring nothing.
    expect(doc.checks.find((check) => check.id === 'LIC-01')?.message).toContain(
      'The package could not be installed',
    );
  }, 120_000);

  it('is refused by npm: quotes npm’s own reason', async () => {
    const doc = await run('mcp-mac-notes');
    docs.set('mac-notes', doc);
    const { failure } = failureOf(doc);
    expect(failure.class).toBe('install-failed');
    expect(failure.reason).toContain('(EBADPLATFORM)');
    expect(failure.quote).toMatch(/Unsupported platform|notsup/i);
  }, 120_000);

  it('passes validation, and is published on the package record and in the queue with back-off', () => {
    const root = tempDir();
    mkdirSync(join(root, 'data', 'categories'), { recursive: true });
    mkdirSync(join(root, 'data', 'packages'), { recursive: true });
    writeFileSync(
      join(root, 'data', 'categories', 'productivity.md'),
      '---\nslug: productivity\nname: Productivity\ndescription: Notes and documents.\n---\nNotes.\n',
    );
    for (const [id, doc] of docs) {
      const npm = doc.subject.artifact.replace(/^npm:/, '').replace(/@[^@]+$/, '');
      writeFileSync(
        join(root, 'data', 'packages', `${id}.md`),
        `---\nid: ${id}\nname: ${id}\nkind: mcp-server\ncategory: productivity\ndescription: "The ${npm} server."\nrepository: https://github.com/example/${id}\ndistribution:\n  npm: "${npm}"\nversion: "${doc.package.version}"\nlicense: "MIT"\nmaintainers: []\nadded: 2026-11-01\n---\n\nA server.\n`,
      );
      mkdirSync(join(root, 'evaluations', id), { recursive: true });
      writeFileSync(
        join(root, 'evaluations', id, `${doc.evaluation_id}.json`),
        JSON.stringify({ ...doc, package: { ...doc.package, id } }, null, 2),
      );
    }
    const loaded = loadRepository(root, { withoutGit: true, asOf: '2026-11-20T12:00:00Z' });
    expect(loaded.issues).toEqual([]);
    const catalogue = buildCatalogue(loaded.input);
    const record = catalogue.packages.find((item) => item.id === 'wiki-notes')!;
    expect(record.start_failure).toMatchObject({
      class: 'unreachable-dependency',
      label: 'dependency from an unreachable host (gitlab.corp-wiki.example)',
      attempts: 1,
      // The same back-off as a failed start: a day after the first failure.
      retry_after: '2026-11-21T10:00:00.000Z',
    });
    // Within the back-off it stays out of the queue; its page shows the reason.
    expect(catalogue.queue.find((entry) => entry.id === 'wiki-notes')).toBeUndefined();
    const later = buildCatalogue(
      loadRepository(root, { withoutGit: true, asOf: '2026-11-21T12:00:00Z' }).input,
    );
    const queued = later.queue.find((entry) => entry.id === 'wiki-notes')!;
    expect(queued.evaluation_status).toBe('Needs re-evaluation');
    expect(queued.reason).toContain('It could not be installed (dependency from an unreachable host');
    expect(queued.last_failure).toContain('could not install it');
    expect(later.queue.find((entry) => entry.id === 'vanished-notes')?.reason).toContain(
      'could not be installed (gone from the registry)',
    );
  });
});
