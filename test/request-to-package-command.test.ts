/**
 * `afscore request-to-package` as the package-request workflow runs it: an issue body in a file,
 * the fixture repository as the checkout, and the outputs the workflow reads next.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { buildCatalogue } from '../src/core/catalogue/build-catalogue.ts';
import { REQUEST_FIELDS, type RequestField } from '../src/core/requests/package-request.ts';
import { loadRepository } from '../src/data/load-repository.ts';
import { captureIo } from './support/capture-io.ts';
import { FIXTURE_AS_OF, writeFixtureRepo } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();
let root: string;
let work: string;

function formBody(answers: Partial<Record<RequestField, string>>): string {
  return (Object.keys(REQUEST_FIELDS) as RequestField[])
    .map((field) => `### ${REQUEST_FIELDS[field].label}\n\n${answers[field] ?? '_No response_'}`)
    .join('\n\n');
}

const request: Partial<Record<RequestField, string>> = {
  name: 'Postgres MCP Pro',
  repository: 'https://github.com/crystaldba/postgres-mcp',
  kind: 'MCP server',
  category: 'databases',
  description: 'Index tuning, explain plans, health checks and safe SQL execution for PostgreSQL.',
  pypi: 'postgres-mcp',
  license: 'MIT',
  notes: 'Popular with <b>DBAs</b>.',
};

beforeEach(() => {
  root = tempDir();
  work = tempDir();
  writeFixtureRepo(root);
});

async function convert(body: string, extra: string[] = []) {
  const bodyFile = join(work, 'request.md');
  writeFileSync(bodyFile, body);
  const io = captureIo(work);
  const code = await main(
    [
      'request-to-package',
      '--body-file',
      bodyFile,
      '--root',
      root,
      '--issue',
      '42',
      '--date',
      '2026-11-22',
      '--json',
      join(work, 'request.json'),
      '--markdown',
      join(work, 'message.md'),
      ...extra,
    ],
    io,
  );
  return { code, io };
}

const output = (name: string) => readFileSync(join(work, name), 'utf8');

describe('afscore request-to-package', () => {
  it('writes a package file that afscore validate accepts, and the pull request text', async () => {
    const { code, io } = await convert(formBody(request));
    expect(code).toBe(0);
    expect(io.stdout).toEqual(['✓ wrote data/packages/postgres-mcp-pro.md']);
    expect(JSON.parse(output('request.json'))).toEqual({
      ok: true,
      id: 'postgres-mcp-pro',
      path: 'data/packages/postgres-mcp-pro.md',
      title: 'Add package postgres-mcp-pro',
      branch: 'package-requests/issue-42',
    });
    expect(output('message.md')).toContain('Adds `data/packages/postgres-mcp-pro.md`, as requested in #42.');
    expect(output('message.md')).toContain('> Popular with &lt;b&gt;DBAs&lt;/b&gt;.');

    const check = captureIo(root);
    expect(await main(['validate', 'data/packages/postgres-mcp-pro.md'], check)).toBe(0);
    const whole = captureIo(root);
    expect(await main(['validate'], whole)).toBe(0);
    expect(whole.stdout).toEqual(['✓ valid: 3 categories, 33 packages, 58 evaluations, 3 spot-checks']);

    // The requester counts as a request, which the queue shows and ranks by.
    const loaded = loadRepository(root, { asOf: FIXTURE_AS_OF, withoutGit: true });
    const entry = buildCatalogue(loaded.input).queue.find((item) => item.id === 'postgres-mcp-pro');
    expect(entry?.priority_factors).toContainEqual({
      factor: 'requests',
      text: 'requested by 1 person',
      points: 5,
    });
  });

  it('writes nothing and tells the requester what to fix', async () => {
    const before = readdirSync(join(root, 'data/packages')).length;
    const { code, io } = await convert(
      formBody({ ...request, description: 'Great!', repository: 'javascript:alert(document.cookie)' }),
    );
    expect(code).toBe(1);
    expect(io.stderr).toEqual([
      'Short description: must NOT have fewer than 10 characters',
      'Repository URL: does not have the expected format (use an https:// URL)',
    ]);
    expect(JSON.parse(output('request.json')).ok).toBe(false);
    expect(output('message.md')).toContain(
      '| Repository URL | does not have the expected format | use an https:// URL |',
    );
    expect(readdirSync(join(root, 'data/packages')).length).toBe(before);
  });

  it('refuses an id another package already has', async () => {
    const { code, io } = await convert(formBody({ ...request, id: 'git-tools' }));
    expect(code).toBe(1);
    expect(io.stderr).toEqual([
      'Package id: gives the id "git-tools", which another package has (write another Package id)',
    ]);
  });

  it('refuses a body no issue form could have written without reading it whole', async () => {
    const { code, io } = await convert('#'.repeat(300 * 1024));
    expect(code).toBe(1);
    expect(io.stderr).toEqual(['(request): is 307200 bytes long; an issue form never writes that much']);
    expect(existsSync(join(root, 'data/packages/postgres-mcp-pro.md'))).toBe(false);
  });

  it('refuses wrong arguments', async () => {
    const io = captureIo(work);
    expect(await main(['request-to-package', '--date', '22/11/2026'], io)).toBe(2);
    expect(io.stderr[0]).toMatch(
      /^afscore request-to-package: --body-file is required; --date must be YYYY-MM-DD\n\nUsage: /,
    );
  });
});
