/**
 * Submitting evaluations over real HTTP: keys from the operator command, pull requests opened on a
 * fake GitHub (octokit pointed at it), every refusal with its status and problem, the daily quota,
 * and deliveries that survive GitHub failing, timing out and rate-limiting.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import type { EvaluationDocument } from '../src/core/types.ts';
import { loadValidator, type Validate } from './support/api-client.ts';
import { captureIo } from './support/capture-io.ts';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { type FakeGitHub, startFakeGitHub } from './support/fake-github.ts';
import { fixtureEvaluations } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const tempDir = useTempDirs();
let github: FakeGitHub;
let server: TestServer;
let stateDir: string;
let validate: Validate;

async function issueKey(login: string): Promise<string> {
  const io = captureIo(server.root);
  expect(await main(['keys', 'issue', login, '--state', stateDir], io)).toBe(0);
  expect(io.stdout).toHaveLength(1);
  expect(io.stderr).toEqual([
    `Issued a key for ${login}, stored in ${stateDir}; it is shown only this once.`,
  ]);
  return io.stdout[0]!;
}

function evaluation(
  label: string,
  overrides: Partial<Parameters<typeof buildEvaluation>[0]> = {},
): EvaluationDocument {
  return buildEvaluation({
    id: uuidFor(`submit/${label}`),
    packageId: 'never-run',
    version: '0.1.0',
    contributor: 'grace-h',
    finishedAt: '2026-11-01T09:00:00Z',
    configSha: uuidFor(label).replaceAll('-', '').padEnd(64, '0'),
    ...overrides,
  });
}

function post(body: string | object, key: string | undefined, contentType = 'application/json') {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (key) headers['X-Api-Key'] = key;
  return fetch(`${server.url}/v1/evaluations`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function delivered(submissionId: string): Promise<Record<string, unknown>> {
  let status: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        status = await (await fetch(`${server.url}/v1/evaluations/${submissionId}`)).json();
        return status.status;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe('delivered');
  return status;
}

beforeAll(async () => {
  github = await startFakeGitHub();
  const root = tempDir();
  stateDir = join(root, 'state');
  server = await startTestServer(root, {
    AFSCORE_STATE_DIR: stateDir,
    AFSCORE_GITHUB_REPO: 'acme/afscore',
    AFSCORE_GITHUB_TOKEN: 'test-token',
    AFSCORE_GITHUB_API_URL: github.url,
    AFSCORE_GITHUB_THROTTLE: 'off',
    AFSCORE_GITHUB_TIMEOUT_MS: '300',
    AFSCORE_DELIVERY_RETRY_MS: '50',
    AFSCORE_READ_LIMIT: '100000',
  });
  validate = await loadValidator(server.url);
});
afterAll(async () => {
  await server.close();
  await github.close();
});

describe('POST /v1/evaluations', () => {
  it('accepts a valid evaluation and delivers it as a pull request', async () => {
    const key = await issueKey('grace-h');
    expect(key).toMatch(/^afk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const doc = evaluation('first');
    const response = await post(doc, key);
    expect(response.status).toBe(202);
    const body = await response.json();
    expect(body).toMatchObject({
      status: 'queued',
      package_id: 'never-run',
      evaluation_id: doc.evaluation_id,
      review_url: null,
      self_evaluation: 'none',
    });
    expect(response.headers.get('location')).toBe(`/v1/evaluations/${body.submission_id}`);
    expect(response.headers.get('ratelimit-policy')).toBe('"submit";q=10;w=86400');

    const status = await delivered(body.submission_id);
    expect(validate('Submission', status)).toEqual([]);
    const pull = github.pulls.find((candidate) => candidate.head === `submissions/${body.submission_id}`)!;
    expect(status.review_url).toBe(pull.html_url);
    expect(pull.base).toBe('main');
    expect(pull.title).toContain('never-run 0.1.0 by grace-h');
    expect(pull.body).toContain('af_score **100**');
    expect(pull.labels).toEqual(body.spot_check ? ['evaluation', 'spot-check'] : ['evaluation']);
    const committed = github.files.get(pull.head)!.get(`evaluations/never-run/${doc.evaluation_id}.json`)!;
    expect(JSON.parse(committed)).toEqual(doc);
  });

  it('fills in the contributor from the key and refuses a different one', async () => {
    const key = await issueKey('ada-evaluates');
    const doc = evaluation('anonymous', { contributor: 'ada-evaluates' }) as Partial<EvaluationDocument>;
    delete doc.contributor;
    expect((await post(doc, key)).status).toBe(202);
    const other = await post(evaluation('impostor', { contributor: 'grace-h' }), key);
    expect(other.status).toBe(422);
    expect((await other.json()).errors).toEqual([
      {
        pointer: '/contributor/login',
        detail:
          'is "grace-h" but the API key belongs to ada-evaluates; write "ada-evaluates" or leave contributor out',
      },
    ]);
  });

  it('answers 401 without a key, with an unknown key and with a revoked key', async () => {
    expect((await post(evaluation('nokey'), undefined)).status).toBe(401);
    expect(
      (await post(evaluation('badkey'), 'afk_000000000000_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'))
        .status,
    ).toBe(401);
    const key = await issueKey('sloppy-sam');
    expect(await main(['keys', 'revoke', key, '--state', stateDir], captureIo(server.root))).toBe(0);
    const revoked = await post(evaluation('revoked', { contributor: 'sloppy-sam' }), key);
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).detail).toContain('revoked');
  });

  it('answers 413, 415, 400, 422, 404 and 409 with problems that say what to fix', async () => {
    const key = await issueKey('trusty-tess');
    const mine = (label: string, overrides = {}) =>
      evaluation(label, { contributor: 'trusty-tess', ...overrides });
    const huge = await post({ ...mine('huge'), notes: 'x'.repeat(1024 * 1024) }, key);
    expect(huge.status).toBe(413);
    expect((await post(JSON.stringify(mine('typed')), key, 'text/plain')).status).toBe(415);
    const broken = await post('{"schema_version": "2.0",', key);
    expect(broken.status).toBe(400);
    expect((await broken.json()).detail).toMatch(/^The body is not valid JSON/);
    const invalid = mine('invalid');
    invalid.scores.af_score = 12;
    const unprocessable = await post(invalid, key);
    expect(unprocessable.status).toBe(422);
    expect(unprocessable.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect((await unprocessable.json()).errors).toEqual([
      { pointer: '/scores/af_score', detail: expect.stringContaining('is 12 but the checks give 100') },
    ]);
    const unknown = await post(mine('unknown', { packageId: 'ghost-server' }), key);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).detail).toContain('"ghost-server" is not a known package');
    const first = mine('twice');
    expect((await post(first, key)).status).toBe(202);
    const again = await post({ ...first, evaluation_id: uuidFor('twice-again') }, key);
    expect(again.status).toBe(409);
  });

  it('answers 409 naming the evaluation_id when the evaluation, or its id, is already published', async () => {
    const key = await issueKey('trusty-tess');
    const published = buildEvaluation(fixtureEvaluations.find((spec) => spec.id === uuidFor('pg/tess'))!);
    const resent = await post(published, key);
    expect(resent.status).toBe(409);
    expect((await resent.json()).errors).toEqual([
      expect.objectContaining({
        pointer: '/evaluation_id',
        detail: expect.stringContaining('is already in the catalogue'),
      }),
    ]);
    const reused = evaluation('reused-id', {
      contributor: 'trusty-tess',
      packageId: 'pg-query',
      version: '2.1.0',
      id: uuidFor('pg/ada'),
    });
    const clash = await post(reused, key);
    expect(clash.status).toBe(409);
    expect((await clash.json()).errors[0].detail).toContain('is already the id of an accepted evaluation');
  });

  it('counts ten submissions per key per day, then answers 429', async () => {
    const key = await issueKey('new-nadia');
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++)
      statuses.push((await post(evaluation(`quota-${index}`, { contributor: 'new-nadia' }), key)).status);
    expect(statuses.slice(0, 10).every((status) => status === 202 || status === 409)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await post(evaluation('quota-12', { contributor: 'new-nadia' }), key);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await limited.json())['violated-policies']).toEqual(['submit']);
  });
});

describe('delivery faults', () => {
  it.each([
    ['GitHub answering 500', { status: 500 }],
    ['GitHub timing out', { hang: true as const }],
    [
      'GitHub rate-limiting',
      {
        status: 403,
        body: { message: 'API rate limit exceeded for installation' },
        headers: { 'x-ratelimit-remaining': '0' },
      },
    ],
    ['GitHub answering 429', { status: 429, headers: { 'retry-after': '0' } }],
  ])('keeps the submission queued through %s, then delivers it once', async (_name, fault) => {
    const key = await issueKey('grace-h');
    github.fail(3, fault);
    const response = await post(evaluation(`fault-${_name}`), key);
    expect(response.status).toBe(202);
    const { submission_id: id } = await response.json();
    const queued = await (await fetch(`${server.url}/v1/evaluations/${id}`)).json();
    expect(queued.status).toBe('queued');
    await delivered(id);
    expect(github.pulls.filter((pull) => pull.head === `submissions/${id}`)).toHaveLength(1);
  });
});
