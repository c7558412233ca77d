import { describe, expect, it } from 'vitest';
import type { EvaluationEntry, PackageAggregate } from '../aggregate/package-aggregate.ts';
import type { StartFailure } from '../checks/server/start-failure.ts';
import { RUBRIC_VERSION } from '../rubric/versions.ts';
import { packageState } from '../states/package-state.ts';
import type { EvaluationDocument, PackageFile } from '../types.ts';
import { failureRecord, retryDelayDays } from './failure-record.ts';

const FAILURE: StartFailure = {
  class: 'missing-variable',
  variable: 'ACME_TOKEN',
  reason:
    'The server exited with code 1 before answering initialize: it needs the variable ACME_TOKEN; stderr: "ACME_TOKEN is required"',
  quote: 'ACME_TOKEN is required',
  advice: 'It needs the variable ACME_TOKEN.',
};

function entry(id: string, status: EvaluationEntry['status'], finishedAt: string): EvaluationEntry {
  return {
    evaluation_id: id,
    status,
    finished_at: finishedAt,
    version: '1.0.0',
    counted: true,
  } as EvaluationEntry;
}

function aggregate(entries: EvaluationEntry[]): PackageAggregate {
  const scored = entries.some((item) => item.status !== 'unrunnable');
  return {
    status: scored ? 'scored' : 'unrunnable',
    scoredVersion: '1.0.0',
    evaluations: entries,
    lastEvaluatedAt: entries[0]?.finished_at ?? null,
  } as PackageAggregate;
}

const doc = (id: string) =>
  ({
    evaluation_id: id,
    inputs: { launch: { failure: FAILURE } },
    checks: [],
  }) as unknown as EvaluationDocument;
const PKG = { id: 'acme', version: '1.0.0' } as PackageFile;

describe('failure records', () => {
  it('doubles the wait with every failure in a row, up to a month', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(retryDelayDays)).toEqual([1, 2, 4, 8, 16, 30, 30]);
  });

  it('says why, how often and when it is tried again', () => {
    const entries = [
      entry('c', 'unrunnable', '2026-11-10T00:00:00Z'),
      entry('b', 'unrunnable', '2026-11-08T00:00:00Z'),
      entry('a', 'unrunnable', '2026-11-07T00:00:00Z'),
    ];
    expect(failureRecord(aggregate(entries), doc('c'))).toEqual({
      label: 'missing variable ACME_TOKEN',
      class: 'missing-variable',
      reason: FAILURE.reason,
      advice: FAILURE.advice,
      version: '1.0.0',
      evaluation_id: 'c',
      failed_at: '2026-11-10T00:00:00Z',
      attempts: 3,
      retry_after: '2026-11-14T00:00:00.000Z',
    });
  });

  it('has none once an evaluation scored', () => {
    const entries = [
      entry('b', 'scored', '2026-11-10T00:00:00Z'),
      entry('a', 'unrunnable', '2026-11-07T00:00:00Z'),
    ];
    expect(failureRecord(aggregate(entries), doc('b'))).toBeNull();
  });

  it('keeps the package out of the queue until the retry is due, then queues it with the reason', () => {
    const agg = aggregate([entry('a', 'unrunnable', '2026-11-10T00:00:00Z')]);
    const failure = failureRecord(agg, doc('a'));
    expect(
      packageState(
        PKG,
        agg,
        [{ version: RUBRIC_VERSION, judged: false }],
        Date.parse('2026-11-10T12:00:00Z'),
        failure,
      ).status,
    ).toBe('Evaluated');
    expect(
      packageState(
        PKG,
        agg,
        [{ version: RUBRIC_VERSION, judged: false }],
        Date.parse('2026-11-11T00:00:00Z'),
        failure,
      ),
    ).toEqual({
      status: 'Needs re-evaluation',
      reasons: [
        {
          code: 'retry-start',
          text: 'It did not start (missing variable ACME_TOKEN) in 1.0.0, evaluated once; due for another try since 2026-11-11.',
        },
      ],
    });
  });
});
