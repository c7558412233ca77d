/**
 * `afscore evaluate` on a package published as the reference servers are: package.json says
 * "SEE LICENSE IN LICENSE" and the licence file stays at the monorepo's root. LIC-01 asks GitHub (a
 * fake at its HTTP boundary, with the real LICENSE of modelcontextprotocol/servers) and credits the
 * repository's licence only when a package.json there carries the package's name.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import type { CheckResult, EvaluationDocument } from '../src/core/types.ts';
import { repositoryLicence } from '../src/evaluator/repository-licence.ts';
import { captureIo } from './support/capture-io.ts';
import { type FakeGitHub, startFakeGitHub } from './support/fake-github.ts';
import { useTempDirs } from './support/temp-dir.ts';

const REPO = join(import.meta.dirname, '..');
const PACKAGE = join(import.meta.dirname, 'fixtures', 'mcp-servers', 'monorepo-member');
const LICENCE = readFileSync(
  join(
    import.meta.dirname,
    'fixtures',
    'real-definitions',
    'modelcontextprotocol-servers-76d64c8',
    'LICENSE',
  ),
  'utf8',
);

const tempDir = useTempDirs();
let github: FakeGitHub;
const savedUrl = process.env.AFSCORE_GITHUB_API_URL;

beforeEach(async () => {
  github = await startFakeGitHub('afscore-fixtures/servers');
  process.env.AFSCORE_GITHUB_API_URL = github.url;
});

afterEach(async () => {
  if (savedUrl === undefined) delete process.env.AFSCORE_GITHUB_API_URL;
  else process.env.AFSCORE_GITHUB_API_URL = savedUrl;
  await github.close();
});

/** The repository's default branch: its licence and the package.json of each member. */
function repositoryHolds(files: Record<string, string>): void {
  github.files.set('main', new Map(Object.entries(files)));
}

/** A catalogue that lists the package, as a contributor's checkout does. */
function catalogueRoot(): string {
  const root = tempDir();
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write(
    'data/categories/developer-tools.md',
    '---\nslug: developer-tools\nname: Developer tools\ndescription: Tools for building software.\n---\nTools for building software.\n',
  );
  write(
    'data/packages/fixture-memory-server.md',
    [
      '---',
      'id: fixture-memory-server',
      'name: fixture-memory-server',
      'kind: mcp-server',
      'category: developer-tools',
      'description: A server of a monorepo whose licence file stays at the repository root.',
      'repository: https://github.com/afscore-fixtures/servers',
      'distribution:',
      '  npm: "fixture-memory-server"',
      'maintainers: []',
      'added: 2026-11-01',
      '---',
      'A fixture.',
      '',
    ].join('\n'),
  );
  return root;
}

async function evaluate(): Promise<{ doc: EvaluationDocument; stderr: string[] }> {
  const root = catalogueRoot();
  const out = join(root, 'evaluation.json');
  const io = captureIo(REPO);
  const code = await main(
    [
      'evaluate',
      PACKAGE,
      '--package-id',
      'fixture-memory-server',
      '--no-llm',
      '--contributor',
      'ada-evaluates',
      '--root',
      root,
      '--out',
      out,
    ],
    io,
  );
  expect(code, io.stderr.join('\n')).toBe(0);
  return { doc: JSON.parse(readFileSync(out, 'utf8')) as EvaluationDocument, stderr: io.stderr };
}

const lic01 = (doc: EvaluationDocument): CheckResult => doc.checks.find((check) => check.id === 'LIC-01')!;

describe('LIC-01 asks the source repository when the package ships no licence', () => {
  it('credits the monorepo licence the package points to, so the no-licence cap does not apply', async () => {
    repositoryHolds({
      LICENSE: LICENCE,
      'package.json': JSON.stringify({ name: '@afscore-fixtures/servers', private: true }),
      'src/everything/package.json': JSON.stringify({ name: 'fixture-everything-server' }),
      'src/memory/package.json': JSON.stringify({ name: 'fixture-memory-server' }),
    });
    const { doc, stderr } = await evaluate();
    expect(lic01(doc)).toMatchObject({
      status: 'partial',
      evidence: expect.arrayContaining([
        {
          location: 'https://github.com/afscore-fixtures/servers/blob/main/LICENSE',
          value: 'Apache-2.0 AND MIT',
        },
      ]),
    });
    expect(lic01(doc).message).toContain('whose src/memory/package.json names this package');
    expect(doc.scores.caps_applied ?? []).not.toContain('no-licence');
    expect(doc.scores.af_score).toBeGreaterThan(60);
    expect(stderr.join('\n')).toContain('asking GitHub about afscore-fixtures/servers');
    // The member named like the package is read first: each read counts against GitHub's rate limit.
    expect(github.requests.filter((request) => request.includes('/contents/'))).toEqual([
      'GET /repos/afscore-fixtures/servers/contents/package.json',
      'GET /repos/afscore-fixtures/servers/contents/src/memory/package.json',
    ]);
  });
});

describe('what GitHub is asked, and what its answers mean', () => {
  const where = { owner: 'afscore-fixtures', repo: 'servers', directory: null };
  const ask = (name: string) => repositoryLicence(where, name, { apiUrl: github.url, timeoutMs: 2_000 });
  const members = {
    LICENSE: LICENCE,
    'package.json': JSON.stringify({ name: '@afscore-fixtures/servers', private: true }),
    'src/memory/package.json': JSON.stringify({ name: 'fixture-memory-server' }),
  };

  it('does not lend a repository’s licence to a package that is not in it', async () => {
    repositoryHolds(members);
    expect(await ask('fixture-memory-server')).toMatchObject({
      outcome: 'found',
      namedBy: 'src/memory/package.json',
    });
    expect(await ask('borrowed-licence-server')).toMatchObject({ outcome: 'found', namedBy: null });
  });

  it('reads the declared folder first, and the tree only when it does not name the package', async () => {
    repositoryHolds(members);
    const found = await repositoryLicence({ ...where, directory: 'src/memory' }, 'fixture-memory-server', {
      apiUrl: github.url,
    });
    expect(found).toMatchObject({ namedBy: 'src/memory/package.json' });
    expect(github.requests.some((request) => request.includes('/git/trees/'))).toBe(false);
  });

  it('knows a repository without a licence file', async () => {
    repositoryHolds({ 'package.json': JSON.stringify({ name: 'fixture-memory-server' }) });
    expect(await ask('fixture-memory-server')).toMatchObject({ outcome: 'none' });
  });

  it('says GitHub could not be read when it refuses or does not answer, and never waits long', async () => {
    repositoryHolds(members);
    github.fail(1, { status: 403, body: { message: 'API rate limit exceeded for 127.0.0.1.' } });
    expect(await ask('fixture-memory-server')).toEqual({
      outcome: 'unreachable',
      repository: where,
      reason: 'GitHub answered 403: its rate limit',
    });
    github.fail(1, { hang: true });
    const started = Date.now();
    expect(await ask('fixture-memory-server')).toMatchObject({ outcome: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
