import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import type { EvaluationEntry } from '../aggregate/package-aggregate.ts';
import { registryView } from '../registry/registry-view.ts';
import { buildQueue, withClaims } from './queue.ts';

const AS_OF = Date.parse('2026-11-01T00:00:00Z');
const newVersion = [{ code: 'new-version' as const, text: 'Version 2.2.0 is out; the score is for 2.1.0.' }];
const partial = [
  {
    code: 'only-partial-evaluations' as const,
    text: 'Evaluations so far covered too few checks to publish a score.',
  },
];

function attempt(overrides: Partial<EvaluationEntry>): EvaluationEntry {
  return {
    evaluation_id: '7f3a9c2e-0000-4000-8000-000000000001',
    version: '2.1.0',
    finished_at: '2026-10-30T10:00:00Z',
    status: 'partial',
    excluded_because: 'coverage-too-low',
    ...overrides,
  } as EvaluationEntry;
}

describe('the evaluation queue', () => {
  it('puts a new version of a much-used package ahead of a never-evaluated obscure one, evaluated ones out', () => {
    const popular = packageRecord({
      id: 'popular',
      added: '2026-10-30',
      evaluation_status: 'Needs re-evaluation',
      version: '2.2.0',
      evaluated_version: '2.1.0',
      state_reasons: newVersion,
      last_evaluated_at: '2026-10-30T00:00:00Z',
      registry: { ...registryView(undefined), downloads_monthly: 2_000_000 },
    });
    const obscure = packageRecord({ id: 'obscure', added: '2026-10-30' });
    const done = packageRecord({ id: 'done', evaluation_status: 'Evaluated' });
    const queue = buildQueue([obscure, done, popular], AS_OF);
    expect(queue.map((entry) => [entry.id, entry.priority])).toEqual([
      ['popular', 136],
      ['obscure', 100],
    ]);
    expect(queue[0]).toMatchObject({
      version: '2.2.0',
      evaluated_version: '2.1.0',
      downloads_monthly: 2_000_000,
      deprecated: false,
      last_failure: null,
      claimed: false,
    });
    expect(queue[0]!.priority_factors[0]).toEqual({
      factor: 'status',
      text: 'score out of date',
      points: 50,
    });
  });

  it('orders equal priorities by id, so the queue reads the same on every build', () => {
    const ids = buildQueue(
      ['b-pkg', 'a-pkg', 'c-pkg'].map((id) => packageRecord({ id, added: '2026-11-01' })),
      AS_OF,
    ).map((entry) => entry.id);
    expect(ids).toEqual(['a-pkg', 'b-pkg', 'c-pkg']);
  });

  it.each([
    [
      'covered too few checks',
      attempt({}),
      'The latest evaluation (2.1.0) covered too few checks to score; run the checks it skipped.',
    ],
    [
      'did not start, with what the start check said',
      attempt({ status: 'unrunnable', excluded_because: null }),
      'The latest evaluation (2.1.0) could not start it: exited with code 1 before the MCP handshake.',
    ],
    [
      'did not hold up under the operator re-run',
      attempt({ status: 'scored', excluded_because: 'spot-check-diverged' }),
      'The latest evaluation (2.1.0) did not hold up when the operator re-ran it.',
    ],
  ])('says why the latest evaluation failed: %s', (_, latest, text) => {
    const [entry] = buildQueue(
      [
        packageRecord({
          state_reasons: partial,
          evaluations: [latest],
          representative_evaluation_id: latest.evaluation_id,
          checks: [{ id: 'REL-01', status: 'fail', message: 'exited with code 1 before the MCP handshake.' }],
        }),
      ],
      AS_OF,
    );
    expect(entry!.last_failure).toBe(text);
  });

  it('says what a classified start failure needs', () => {
    const latest = attempt({ status: 'unrunnable', excluded_because: null, counted: true });
    const [entry] = buildQueue(
      [
        packageRecord({
          evaluation_status: 'Needs re-evaluation',
          state_reasons: newVersion,
          evaluations: [latest],
          start_failure: {
            label: 'missing variable ACME_TOKEN',
            class: 'missing-variable',
            reason: 'The server exited with code 1 before answering initialize.',
            advice: 'It needs the variable ACME_TOKEN.',
            version: '2.1.0',
            evaluation_id: latest.evaluation_id,
            failed_at: latest.finished_at,
            attempts: 1,
            retry_after: '2026-10-31T10:00:00.000Z',
          },
        }),
      ],
      AS_OF,
    );
    expect(entry!.last_failure).toBe(
      'The latest evaluation (2.1.0) could not start it (missing variable ACME_TOKEN). It needs the variable ACME_TOKEN.',
    );
  });

  it('names no failure when the latest evaluation counted', () => {
    const [entry] = buildQueue(
      [
        packageRecord({
          evaluation_status: 'Needs re-evaluation',
          state_reasons: newVersion,
          evaluations: [attempt({ status: 'scored', excluded_because: null, counted: true })],
        }),
      ],
      AS_OF,
    );
    expect(entry!.last_failure).toBeNull();
  });

  it('lays claims over the queue without moving anything', () => {
    const queue = buildQueue(
      ['a-pkg', 'b-pkg'].map((id) => packageRecord({ id, added: '2026-11-01' })),
      AS_OF,
    );
    const claimed = withClaims(queue, new Map([['b-pkg', '2026-11-02T00:00:00.000Z']]));
    expect(claimed.map((entry) => [entry.id, entry.claimed, entry.claimed_until])).toEqual([
      ['a-pkg', false, null],
      ['b-pkg', true, '2026-11-02T00:00:00.000Z'],
    ]);
  });
});
