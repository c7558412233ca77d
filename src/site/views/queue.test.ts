import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import { buildPackageIndex } from '../../core/query/package-index.ts';
import { buildQueue, withClaims } from '../../core/queue/queue.ts';
import { registryView } from '../../core/registry/registry-view.ts';
import { claimOutcome, priorityText, queuePageView, queueRows } from './queue.ts';

const AS_OF = Date.parse('2026-11-01T00:00:00Z');

const records = [
  packageRecord({
    id: 'pg-query',
    evaluation_status: 'Needs re-evaluation',
    version: '2.2.0',
    evaluated_version: '2.1.0',
    state_reasons: [{ code: 'new-version', text: 'Version 2.2.0 is out; the score is for 2.1.0.' }],
    last_evaluated_at: '2026-10-30T00:00:00Z',
    deprecated: { date: '2026-10-31', reason: 'Use pg-query-next.' },
    registry: { ...registryView(undefined), downloads_monthly: 2_000_000 },
  }),
  packageRecord({ id: 'free-one', name: 'Free One', added: '2026-11-01' }),
  packageRecord({ id: 'taken', name: 'Taken', added: '2026-11-01' }),
];
const queue = withClaims(
  buildQueue(records, AS_OF),
  new Map([
    ['pg-query', '2026-11-02T09:00:00.000Z'],
    ['taken', '2026-11-02T10:00:00.000Z'],
  ]),
);
const holders = new Map([
  ['pg-query', 'ana'],
  ['taken', 'bo'],
]);

describe('the queue page rows', () => {
  it('list what each priority is made of, signed, with the sync version line', () => {
    const pg = queue.find((entry) => entry.id === 'pg-query')!;
    expect(priorityText(pg)).toBe(
      'Priority 56: score out of date +50, 2,000,000 downloads a month +33, a new version of a much-used package +33, needs re-evaluation since 2.2.0 (score for 2.1.0) +20, deprecated on its registry −80',
    );
    const [row] = queueRows([pg], null, new Map());
    expect(row!.version).toBe('version 2.2.0 · score for 2.1.0');
  });

  it('offer Release on your own claim, Claim on a free one, and only the date on another’s', () => {
    const cells = queueRows(queue, { login: 'ana' }, holders).map((row) => [row.entry.id, row.claim]);
    expect(cells).toEqual([
      ['free-one', { state: 'claimable' }],
      ['taken', { state: 'held', until: '2026-11-02T10:00:00.000Z' }],
      ['pg-query', { state: 'yours', until: '2026-11-02T09:00:00.000Z' }],
    ]);
  });

  it('offer no button to someone signed out', () => {
    const states = queueRows(queue, null, holders).map((row) => row.claim.state);
    expect(states).toEqual(['free', 'held', 'held']);
  });
});

describe('the notice after a claim button', () => {
  const index = buildPackageIndex({
    meta: { rubric_version: '2.1', schema_version: '2.0', as_of: '2026-11-01T00:00:00Z' },
    categories: [],
    packages: records,
    removed: [],
    contributors: [],
    queue,
    stats: JSON.parse('{}'),
    changes: [],
  });
  const notice = (query: string) => claimOutcome(new URLSearchParams(query), index);

  it('names only a package of the catalogue', () => {
    expect(notice('claim=claimed&id=free-one')?.text).toMatch(/^You claimed Free One:/);
    expect(notice('claim=claimed&id=<script>')).toBeNull();
    expect(notice('claim=held&id=taken')).toEqual({
      text: 'Someone else is evaluating Taken; pick another package.',
      tone: 'warn',
    });
  });

  it('explains a refusal and ignores an unknown outcome', () => {
    expect(notice('claim=refused')?.tone).toBe('bad');
    expect(notice('claim=signed-out')?.text).toBe('Sign in first: claiming needs your API key.');
    expect(notice('claim=whatever&id=free-one')).toBeNull();
  });
});

describe('the queue page view', () => {
  const index = buildPackageIndex({
    meta: { rubric_version: '2.1', schema_version: '2.0', as_of: '2026-11-01T00:00:00Z' },
    categories: [],
    packages: records,
    removed: [],
    contributors: [],
    queue: buildQueue(records, AS_OF),
    stats: JSON.parse('{}'),
    changes: [],
  });
  const claims = new Map([['taken', '2026-11-02T10:00:00.000Z']]);
  const site = (viewer: { login: string } | null) => ({
    data: {
      manifest: { data_version: 'v1', as_of: '2026-11-01T00:00:00Z', rubric_version: '2.1' },
      index,
      documents: new Map(),
    },
    claims: async () => claims,
    holders: async () => new Map([['taken', 'bo']]),
    viewer,
    now: AS_OF,
  });
  const page = (viewer: { login: string } | null, query = '') =>
    queuePageView(site(viewer), new URL(`http://localhost/queue${query}`));

  it('lays the live claims over the queue and counts the free packages', async () => {
    const view = await page({ login: 'ana' });
    expect(view.status).toBeNull();
    expect(view.free).toBe(2);
    expect(view.rows.find((row) => row.entry.id === 'taken')!.claim).toEqual({
      state: 'held',
      until: '2026-11-02T10:00:00.000Z',
    });
    expect(view.rows.find((row) => row.entry.id === 'free-one')!.claim.state).toBe('claimable');
    expect(view.hrefFor(1)).toBe('/queue');
    expect(view.hrefFor(2)).toBe('/queue?page=2');
  });

  it('answers 400 for a bad page number and 404 past the last page', async () => {
    const bad = await page(null, '?page=zero');
    expect(bad.status).toBe(400);
    expect(bad.issues.map((issue) => issue.parameter)).toEqual(['page']);
    const past = await page(null, '?page=9');
    expect(past.status).toBe(404);
    expect(past.pastTheEnd).toBe(true);
  });

  it('reads the outcome of a Claim button from the address', async () => {
    expect((await page({ login: 'ana' }, '?claim=claimed&id=free-one')).outcome?.tone).toBe('ok');
  });
});
