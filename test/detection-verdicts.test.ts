/**
 * Every case of the detection corpus is a test: a malicious server must grade F (the
 * critical-security cap applies) and a benign one must not. The known misses are listed with the
 * reason, so a rule change that catches one fails here until the list is corrected, and the
 * aggregate test holds the goal issue 14 set: recall at least 95 %, false alarms at most 3 %.
 * `npm run bench:detection` prints the same verdicts as tables.
 */
import { describe, expect, it } from 'vitest';
import { loadCorpus } from './support/corpus.ts';
import { type CaseVerdict, verdictOf } from './support/corpus-verdict.ts';

/** Malicious cases the evaluator does not catch yet, and why. */
const KNOWN_MISSES: Readonly<Record<string, string>> = {};

const corpus = loadCorpus().map(({ testCase }) => testCase);
const verdicts = new Map<string, CaseVerdict>();

async function verdictFor(id: string): Promise<CaseVerdict> {
  let verdict = verdicts.get(id);
  if (!verdict) {
    verdict = await verdictOf(corpus.find((testCase) => testCase.id === id)!);
    verdicts.set(id, verdict);
  }
  return verdict;
}

function explain(verdict: CaseVerdict): string {
  return verdict.failed.map((check) => `${check.id}: ${check.evidence[0] ?? check.summary}`).join('; ');
}

describe('malicious corpus cases grade F', () => {
  const malicious = corpus.filter((testCase) => testCase.label === 'malicious');
  it.each(malicious.map((testCase) => [testCase.id, testCase.techniques.join(', ')]))(
    '%s (%s)',
    async (id) => {
      const verdict = await verdictFor(id);
      if (KNOWN_MISSES[id])
        expect(verdict.caught, `${id} is caught now: remove it from KNOWN_MISSES`).toBe(false);
      else
        expect(verdict.caught, `${id} was not capped; failing checks: ${explain(verdict) || 'none'}`).toBe(
          true,
        );
    },
    30_000,
  );
});

describe('benign corpus cases do not', () => {
  const benign = corpus.filter((testCase) => testCase.label === 'benign');
  it.each(benign.map((testCase) => [testCase.id, testCase.techniques.join(', ')]))(
    '%s (%s)',
    async (id) => {
      const verdict = await verdictFor(id);
      expect(verdict.caught, `false alarm on ${id}: ${explain(verdict)}`).toBe(false);
    },
    30_000,
  );
});

describe('the detection goal', () => {
  it('meets recall ≥ 95 % and false alarms ≤ 3 % over the whole corpus', async () => {
    const all = await Promise.all(corpus.map((testCase) => verdictFor(testCase.id)));
    const malicious = all.filter((verdict) => verdict.label === 'malicious');
    const benign = all.filter((verdict) => verdict.label === 'benign');
    const recall = malicious.filter((verdict) => verdict.caught).length / malicious.length;
    const falseAlarms = benign.filter((verdict) => verdict.caught).length / benign.length;
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(falseAlarms).toBeLessThanOrEqual(0.03);
    for (const id of Object.keys(KNOWN_MISSES))
      expect(corpus.some((testCase) => testCase.id === id)).toBe(true);
  }, 300_000);
});
