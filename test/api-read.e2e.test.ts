/**
 * Every read endpoint of /v1 over real HTTP against the fixture catalogue: parameters, defaults,
 * orderings, paging and the problem answered for each bad value.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageSummary } from '../src/core/catalogue/catalogue-types.ts';
import { checksFor } from '../src/core/rubric/checks.ts';
import { RUBRIC_VERSION } from '../src/core/rubric/versions.ts';
import { type ApiResponse, apiClient, loadValidator } from './support/api-client.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Page<T> = { items: T[]; page: number; per_page: number; total: number; total_pages: number };
type Problem = { type: string; detail: string; errors?: { parameter?: string; detail: string }[] };

const tempDir = useTempDirs();
let server: TestServer;
let get: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer(tempDir(), { AFSCORE_READ_LIMIT: '1000000' });
  get = apiClient(server.url, await loadValidator(server.url));
});
afterAll(() => server.close());

async function all(path: string): Promise<PackageSummary[]> {
  const separator = path.includes('?') ? '&' : '?';
  return (await get<Page<PackageSummary>>(`${path}${separator}per_page=100`)).body.items;
}

function expectParameterProblem(response: ApiResponse<Problem>, parameter: string) {
  expect(response.status).toBe(400);
  expect(response.body.type).toBe('https://afscore.dev/problems/invalid-parameters');
  expect(response.body.errors?.map((error) => error.parameter)).toContain(parameter);
  expect(response.body.detail).toContain(parameter);
}

describe('GET /v1/packages', () => {
  it('lists 20 packages by af_score with the paging envelope', async () => {
    const { body } = await get<Page<PackageSummary>>('/v1/packages');
    expect(body).toMatchObject({ page: 1, per_page: 20, total: 31, total_pages: 2 });
    expect(body.items).toHaveLength(20);
  });

  it('covers every package exactly once across pages', async () => {
    const seen: string[] = [];
    const first = await get<Page<PackageSummary>>('/v1/packages?per_page=7');
    for (let page = 1; page <= first.body.total_pages; page++) {
      seen.push(
        ...(await get<Page<PackageSummary>>(`/v1/packages?per_page=7&page=${page}`)).body.items.map(
          (item) => item.id,
        ),
      );
    }
    expect(seen).toHaveLength(31);
    expect(new Set(seen).size).toBe(31);
    const beyond = await get<Page<PackageSummary>>('/v1/packages?per_page=7&page=99');
    expect(beyond.body).toMatchObject({ items: [], page: 99, total: 31, total_pages: 5 });
  });

  it.each([
    ['af_score', 'af_score'],
    ['security_score', 'security_score'],
    ['reliability_score', 'reliability_score'],
  ] as const)('sorts by %s, highest first, unscored last, ties by id', async (sort, field) => {
    const items = await all(`/v1/packages?sort=${sort}`);
    for (let index = 1; index < items.length; index++) {
      const previous = items[index - 1]!;
      const current = items[index]!;
      if (previous[field] === null) expect(current[field]).toBeNull();
      else if (current[field] !== null) {
        expect(previous[field]!).toBeGreaterThanOrEqual(current[field]!);
        if (previous[field] === current[field]) expect(previous.id < current.id).toBe(true);
      }
    }
    expect(items.at(-1)![field]).toBeNull();
  });

  /** The evaluated packages, then the unevaluated ones, each part checked by `inOrder`. */
  function expectEvaluatedFirst(items: PackageSummary[], inOrder: (part: PackageSummary[]) => void) {
    const firstUnevaluated = items.findIndex((item) => item.evaluation_status === 'Not yet evaluated');
    expect(firstUnevaluated).toBeGreaterThan(0);
    const unevaluated = items.slice(firstUnevaluated);
    expect(unevaluated.every((item) => item.evaluation_status === 'Not yet evaluated')).toBe(true);
    inOrder(items.slice(0, firstUnevaluated));
    inOrder(unevaluated);
  }

  it('sorts by name A→Z and by updated_at newest first, unevaluated packages last', async () => {
    expectEvaluatedFirst(await all('/v1/packages?sort=name'), (part) => {
      const names = part.map((item) => item.name.toLowerCase());
      expect(names).toEqual([...names].sort());
    });
    expectEvaluatedFirst(await all('/v1/packages?sort=updated_at'), (part) => {
      const times = part.map((item) => item.updated_at);
      expect(times).toEqual([...times].sort().reverse());
    });
  });

  it('filters by category, kind and minimum scores: every item satisfies them', async () => {
    const databases = await all('/v1/packages?category=databases');
    expect(databases.map((item) => item.id).sort()).toEqual([
      'crashy',
      'disputed-srv',
      'never-run',
      'pg-query',
    ]);
    expect((await all('/v1/packages?kind=skill')).every((item) => item.kind === 'skill')).toBe(true);
    const secure = await all('/v1/packages?min_security_score=90');
    expect(secure.length).toBeGreaterThan(0);
    expect(secure.every((item) => item.security_score !== null && item.security_score >= 90)).toBe(true);
    expect(secure.map((item) => item.id)).not.toContain('bad-actor');
    const reliable = await all('/v1/packages?min_reliability_score=90&category=databases');
    expect(reliable.map((item) => item.id)).toEqual(['pg-query']);
  });

  it('searches name and id, best matches first', async () => {
    const items = await all('/v1/packages?q=Filler%201');
    expect(items[0]!.id).toBe('filler-01');
    expect(items.map((item) => item.id)).toEqual(expect.arrayContaining(['filler-10', 'filler-19']));
    expect((await all('/v1/packages?q=PG'))[0]!.id).toBe('pg-query');
    expect(await all('/v1/packages?q=no-such-thing')).toEqual([]);
    const sorted = await all('/v1/packages?q=filler&sort=name');
    expect(sorted.map((item) => item.name)).toEqual([...sorted.map((item) => item.name)].sort());
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['sort=popularity', 'sort'],
    ['kind=library', 'kind'],
    ['min_security_score=101', 'min_security_score'],
    ['min_security_score=-1', 'min_security_score'],
    ['min_reliability_score=high', 'min_reliability_score'],
    ['category=games', 'category'],
    ['limit=5', 'limit'],
    ['page=1&page=2', 'page'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('answers ?%s with a 400 naming %s', async (query, parameter) => {
    expectParameterProblem(await get<Problem>(`/v1/packages?${query}`), parameter);
  });
});

describe('GET /v1/packages/{id}', () => {
  it('returns the full record', async () => {
    const { body } = await get<Record<string, unknown>>('/v1/packages/pg-query');
    expect(body).toMatchObject({
      id: 'pg-query',
      af_score: 98.3,
      confidence: 'consensus',
      evaluation_status: 'Evaluated',
    });
    expect((body.checks as unknown[]).length).toBe(checksFor('mcp-server').length);
  });

  it('answers 404 naming an unknown id and 410 for a removed package', async () => {
    const unknown = await get<Problem>('/v1/packages/no-such-server');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toContain('"no-such-server"');
    expect((await get('/v1/packages/NOT..VALID')).status).toBe(404);
    const removed = await get<Problem & { removed_on: string }>('/v1/packages/retired-server');
    expect(removed.status).toBe(410);
    expect(removed.body).toMatchObject({
      removed_on: '2026-06-01',
      reason: 'The upstream repository was deleted.',
    });
  });

  it('refuses parameters it does not take', async () => {
    expectParameterProblem(await get<Problem>('/v1/packages/pg-query?verbose=1'), 'verbose');
  });
});

describe('GET /v1/packages/{id}/agent-guide', () => {
  it('recommends, warns and avoids', async () => {
    expect(
      (await get<{ recommendation: string }>('/v1/packages/pg-query/agent-guide')).body.recommendation,
    ).toBe('use');
    const bad = await get<{ recommendation: string; cautions: { check: string }[] }>(
      '/v1/packages/bad-actor/agent-guide',
    );
    expect(bad.body.recommendation).toBe('avoid');
    expect(bad.body.cautions[0]!.check).toBe('SEC-01');
    expect(
      (await get<{ recommendation: string }>('/v1/packages/never-run/agent-guide')).body.recommendation,
    ).toBe('unknown');
    expect((await get('/v1/packages/ghost/agent-guide')).status).toBe(404);
  });
});

describe('GET /v1/packages/updated-since', () => {
  type Change = { id: string; change: string; updated_at: string };

  it('lists changes after the time, oldest first, with tombstones', async () => {
    const { body } = await get<Page<Change> & { since: string }>(
      '/v1/packages/updated-since?timestamp=2026-05-01T00:00:00Z&per_page=100',
    );
    expect(body.since).toBe('2026-05-01T00:00:00.000Z');
    const times = body.items.map((item) => item.updated_at);
    expect(times).toEqual([...times].sort());
    expect(body.items[0]).toMatchObject({ id: 'retired-server', change: 'removed', removed: true });
    expect(body.items.at(-1)).toMatchObject({ id: 'pg-query', change: 'evaluated' });
  });

  it('reads offsets, repairs a + decoded as a space, and excludes the boundary', async () => {
    const plus = await get<Page<Change>>('/v1/packages/updated-since?timestamp=2026-10-23T11:00:00+02:00');
    const encoded = await get<Page<Change>>(
      '/v1/packages/updated-since?timestamp=2026-10-23T11:00:00%2B02:00',
    );
    expect(plus.body.items).toEqual(encoded.body.items);
    expect(plus.body.items).toEqual([]);
    const before = await get<Page<Change>>('/v1/packages/updated-since?timestamp=2026-10-23T08:59:59Z');
    expect(before.body.items.map((item) => item.id)).toEqual(['pg-query']);
  });

  it.each([
    '',
    'timestamp=yesterday',
    'timestamp=2026-10-23T09:00:00',
    'timestamp=2026-02-30T00:00:00Z',
    'timestamp=1700000000',
  ])('answers ?%s with a 400 naming timestamp', async (query) => {
    expectParameterProblem(await get<Problem>(`/v1/packages/updated-since?${query}`), 'timestamp');
  });
});

describe('categories', () => {
  it('lists every category with counts that add up', async () => {
    const { body } = await get<Page<{ slug: string; package_count: number }>>('/v1/categories');
    expect(body.items.map((item) => item.slug)).toEqual(['databases', 'developer-tools', 'documents']);
    expect(body.items.reduce((sum, item) => sum + item.package_count, 0)).toBe(31);
    const second = (await get<Page<{ slug: string }>>('/v1/categories?per_page=2&page=2')).body;
    expect(second).toMatchObject({ page: 2, per_page: 2, total: 3, total_pages: 2 });
    expect(second.items.map((item) => item.slug)).toEqual(['documents']);
    expectParameterProblem(await get<Problem>('/v1/categories?per_page=0'), 'per_page');
    expectParameterProblem(await get<Problem>('/v1/categories?sort=name'), 'sort');
  });

  it('lists a category’s packages with the list parameters, but not category', async () => {
    const items = (await get<Page<PackageSummary>>('/v1/categories/documents/packages?sort=name')).body.items;
    // partial-only has no publishable evaluation yet, so it follows the evaluated ones.
    expect(items.map((item) => item.id)).toEqual(['hostile-pkg', 'sheet-skill', 'partial-only']);
    expectParameterProblem(
      await get<Problem>('/v1/categories/documents/packages?category=databases'),
      'category',
    );
    expect((await get<Problem>('/v1/categories/games/packages')).status).toBe(404);
  });

  it('ranks a leaderboard by any published score, sharing ranks on ties', async () => {
    type Board = { dimension: string; items: { rank: number; id: string; score: number }[] };
    const board = (await get<Board>('/v1/categories/databases/leaderboard')).body;
    expect(board.dimension).toBe('af_score');
    expect(board.items.map((item) => item.id)).toEqual(['pg-query', 'disputed-srv']);
    const security = (
      await get<Board>('/v1/categories/developer-tools/leaderboard?dimension=security_score&limit=30')
    ).body;
    const scores = security.items.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const [index, item] of security.items.entries()) {
      const previous = security.items[index - 1];
      expect(item.rank).toBe(previous && previous.score === item.score ? previous.rank : index + 1);
    }
    expect((await get<Board>('/v1/categories/developer-tools/leaderboard?limit=3')).body.items).toHaveLength(
      3,
    );
    expectParameterProblem(
      await get<Problem>('/v1/categories/databases/leaderboard?dimension=popularity'),
      'dimension',
    );
    expectParameterProblem(await get<Problem>('/v1/categories/databases/leaderboard?limit=101'), 'limit');
    expect((await get('/v1/categories/games/leaderboard')).status).toBe(404);
  });
});

describe('GET /v1/compare', () => {
  it('compares up to five packages in the order given', async () => {
    const { body } = await get<{ items: { id: string }[] }>('/v1/compare?ids=sheet-skill,pg-query');
    expect(body.items.map((item) => item.id)).toEqual(['sheet-skill', 'pg-query']);
  });

  it('refuses more than five, duplicates and a missing list, and names unknown ids', async () => {
    expectParameterProblem(
      await get<Problem>('/v1/compare?ids=filler-01,filler-02,filler-03,filler-04,filler-05,filler-06'),
      'ids',
    );
    expectParameterProblem(await get<Problem>('/v1/compare?ids=pg-query,pg-query'), 'ids');
    expectParameterProblem(await get<Problem>('/v1/compare'), 'ids');
    expectParameterProblem(await get<Problem>('/v1/compare?ids=Bad%20Id'), 'ids');
    const unknown = await get<Problem & { unknown_ids: string[] }>('/v1/compare?ids=pg-query,ghost-one');
    expect(unknown.status).toBe(404);
    expect(unknown.body.unknown_ids).toEqual(['ghost-one']);
    expect(unknown.body.detail).toContain('"ghost-one"');
  });
});

describe('GET /v1/stats and /v1/queue', () => {
  it('counts agree with the package list', async () => {
    const stats = (
      await get<Record<string, number> & { score_distribution: { count: number }[] }>('/v1/stats')
    ).body;
    const packages = await all('/v1/packages');
    expect(stats.packages_total).toBe(packages.length);
    expect(stats.packages_needing_evaluation).toBe(
      packages.filter((item) => item.evaluation_status === 'Not yet evaluated').length,
    );
    expect(stats.packages_needing_reevaluation).toBe(
      packages.filter((item) => item.evaluation_status === 'Needs re-evaluation').length,
    );
    expect(stats.score_distribution.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(
      packages.filter((item) => item.af_score !== null).length,
    );
    expectParameterProblem(await get<Problem>('/v1/stats?fresh=1'), 'fresh');
  });

  it('puts never-evaluated packages first, then outdated ones, with their reasons', async () => {
    type Entry = {
      id: string;
      evaluation_status: string;
      reason: string;
      priority: number;
      claimed: boolean;
    };
    const { body } = await get<Page<Entry>>('/v1/queue');
    expect(body.items.map((entry) => entry.evaluation_status)).toEqual([
      'Not yet evaluated',
      'Not yet evaluated',
      'Needs re-evaluation',
      'Needs re-evaluation',
      'Needs re-evaluation',
      'Needs re-evaluation',
      'Needs re-evaluation',
    ]);
    // A server that did not start comes back once its back-off has passed, saying why it is there.
    expect(body.items.find((entry) => entry.id === 'crashy')?.reason).toBe(
      'It did not start in 0.2.0, evaluated once; due for another try since 2026-10-16.',
    );
    expect(body.items.find((entry) => entry.id === 'git-tools')?.reason).toBe(
      'Version 1.4.0 is out; the score is for 1.3.0.',
    );
    expect(body.items.find((entry) => entry.id === 'filler-20')?.reason).toBe(
      `Scored under rubric 2.0; the current rubric is ${RUBRIC_VERSION}.`,
    );
    expect(body.items.every((entry) => entry.claimed === false)).toBe(true);
    expect(
      (await get<Page<Entry>>('/v1/queue?per_page=1&page=2')).body.items.map((entry) => entry.id),
    ).toEqual(['never-run']);
    expectParameterProblem(await get<Problem>('/v1/queue?per_page=500'), 'per_page');
  });
});
