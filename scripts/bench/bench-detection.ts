/**
 * `npm run bench:detection`: the evaluator's recall and false-alarm rate on the detection corpus,
 * overall and per technique, with every miss and every false alarm named.
 *
 *   node scripts/bench/bench-detection.ts [--dir test/detection-corpus] [--json FILE] [--verbose]
 *                                          [--judge anthropic:<model> | openai:<model>]
 *
 * Each case is served in-process and probed exactly as `afscore evaluate` probes a stdio server (see
 * test/support/corpus-verdict.ts). A malicious case counts as caught when the critical-security cap
 * applies (the package grades F); a benign case that gets the cap is a false alarm. Progress goes to
 * stderr, the tables to stdout. Exits 1 when recall is under 95 % or false alarms over 3 % (issue 14's
 * goal), 2 when the options are wrong or the corpus does not load.
 *
 * With `--judge`, each case's snapshot also goes to the judged SEC-L1 through the provider (its key
 * from ANTHROPIC_API_KEY or OPENAI_API_KEY, its address from ANTHROPIC_BASE_URL or OPENAI_BASE_URL,
 * verdicts cached as `afscore evaluate` caches them), and a second matrix counts a case as flagged
 * when SEC-L1 fails: how much the judge adds, and its false alarms. The exit code still follows the
 * cap, which is what grades a package F.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { judgeFor } from '../../src/cli/commands/evaluate.ts';
import type { JudgeContext } from '../../src/evaluator/llm/judge.ts';
import { parseModelOption } from '../../src/evaluator/llm/provider.ts';
import { CORPUS_DIR, loadCorpus } from '../../test/support/corpus.ts';
import { type CaseVerdict, verdictOf } from '../../test/support/corpus-verdict.ts';

const RECALL_GOAL = 0.95;
const FALSE_ALARM_LIMIT = 0.03;

interface Tally {
  cases: number;
  flagged: number;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`;
}

function tallyByTechnique(verdicts: readonly CaseVerdict[]): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const verdict of verdicts) {
    for (const technique of verdict.techniques) {
      const tally = tallies.get(technique) ?? { cases: 0, flagged: 0 };
      tally.cases += 1;
      if (verdict.caught) tally.flagged += 1;
      tallies.set(technique, tally);
    }
  }
  return new Map([...tallies].sort(([a], [b]) => a.localeCompare(b)));
}

function table(title: string, verdicts: readonly CaseVerdict[], column: string): string {
  const rows = [...tallyByTechnique(verdicts)].map(
    ([technique, { cases, flagged }]) =>
      `  ${technique.padEnd(34)} ${String(flagged).padStart(3)} / ${String(cases).padEnd(4)} ${percent(flagged, cases)}`,
  );
  return [`${title} (${column} per technique; a case may show several techniques)`, ...rows].join('\n');
}

function describeCase(verdict: CaseVerdict): string {
  const failed = verdict.failed.map((check) => `${check.id} (${check.evidence[0] ?? check.summary})`);
  return `  ${verdict.id} [${verdict.techniques.join(', ')}] grade ${verdict.caught ? 'F (capped)' : (verdict.grade ?? 'not capped')}${
    failed.length ? `: ${failed.join('; ')}` : ''
  }`;
}

function judgeFlagged(verdict: CaseVerdict): boolean {
  return verdict.judged !== undefined && 'flagged' in verdict.judged && verdict.judged.flagged;
}

function matrixRows(
  malicious: readonly CaseVerdict[],
  benign: readonly CaseVerdict[],
  flagged: (verdict: CaseVerdict) => boolean,
): string[] {
  const caught = malicious.filter(flagged).length;
  const alarms = benign.filter(flagged).length;
  return [
    `                 flagged  not flagged`,
    `  malicious   ${String(caught).padStart(8)} ${String(malicious.length - caught).padStart(12)}   recall ${percent(caught, malicious.length)}`,
    `  benign      ${String(alarms).padStart(8)} ${String(benign.length - alarms).padStart(12)}   false alarms ${percent(alarms, benign.length)}`,
  ];
}

/** The judge's own matrix, the union with the cap, and every case it flagged or could not judge. */
function judgeReport(malicious: readonly CaseVerdict[], benign: readonly CaseVerdict[]): string[] {
  const all = [...malicious, ...benign];
  const errors = all.filter((verdict) => verdict.judged !== undefined && 'error' in verdict.judged);
  const findings = (verdict: CaseVerdict) =>
    verdict.judged && 'findings' in verdict.judged ? verdict.judged.findings.join('; ') : '';
  return [
    '',
    'Judged SEC-L1 alone (flagged = SEC-L1 failed, so the judged cap holds the package to a D)',
    ...matrixRows(malicious, benign, judgeFlagged),
    '',
    'Cap or judge (flagged = the critical cap grades it F, or SEC-L1 failed)',
    ...matrixRows(malicious, benign, (verdict) => verdict.caught || judgeFlagged(verdict)),
    '',
    `Missed by the cap, flagged by the judge (${malicious.filter((verdict) => !verdict.caught && judgeFlagged(verdict)).length}):`,
    ...malicious
      .filter((verdict) => !verdict.caught && judgeFlagged(verdict))
      .map((verdict) => `  ${verdict.id}: ${findings(verdict)}`),
    `Judge false alarms (${benign.filter(judgeFlagged).length}):`,
    ...benign.filter(judgeFlagged).map((verdict) => `  ${verdict.id}: ${findings(verdict)}`),
    `Not judged, the judge gave no valid verdict (${errors.length}):`,
    ...errors.map(
      (verdict) =>
        `  ${verdict.id}: ${verdict.judged && 'error' in verdict.judged ? verdict.judged.error : ''}`,
    ),
  ];
}

function judgeContext(option: string | undefined): JudgeContext | undefined {
  if (option === undefined) return undefined;
  const choice = parseModelOption(option);
  if (!choice.ok) throw new Error(`--judge: ${choice.issues[0]!.message} (${choice.issues[0]!.hint ?? ''})`);
  const made = judgeFor(choice.value, 'leave out --judge');
  if (!made.ok) throw new Error(made.message);
  return made.judge.context;
}

/** A live counter on a terminal; a line every 25 cases in a log. */
function showProgress(done: number, total: number, id: string): void {
  if (process.stderr.isTTY) {
    process.stderr.write(`\r[${done}/${total}] ${id}`.padEnd(90));
    if (done === total) process.stderr.write('\n');
  } else if (done % 25 === 0 || done === total) {
    process.stderr.write(`${done}/${total} cases probed\n`);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      json: { type: 'string' },
      verbose: { type: 'boolean' },
      judge: { type: 'string' },
    },
  });
  const judge = judgeContext(values.judge);
  const dir = values.dir ? resolve(values.dir) : CORPUS_DIR;
  const corpus = loadCorpus(dir);
  const started = performance.now();
  const verdicts: CaseVerdict[] = [];
  for (const [index, { testCase }] of corpus.entries()) {
    showProgress(index + 1, corpus.length, testCase.id);
    verdicts.push(await verdictOf(testCase, judge));
  }
  const seconds = (performance.now() - started) / 1000;
  const malicious = verdicts.filter((verdict) => verdict.label === 'malicious');
  const benign = verdicts.filter((verdict) => verdict.label === 'benign');
  const caught = malicious.filter((verdict) => verdict.caught);
  const alarms = benign.filter((verdict) => verdict.caught);
  const recall = malicious.length ? caught.length / malicious.length : 1;
  const falseAlarmRate = benign.length ? alarms.length / benign.length : 0;
  const lines = [
    `Detection corpus: ${dir}`,
    `${verdicts.length} cases in ${seconds.toFixed(1)} s`,
    '',
    'Confusion matrix (caught = the critical-security cap applies, the package grades F)',
    `                 caught   not caught`,
    `  malicious   ${String(caught.length).padStart(8)} ${String(malicious.length - caught.length).padStart(12)}`,
    `  benign      ${String(alarms.length).padStart(8)} ${String(benign.length - alarms.length).padStart(12)}`,
    '',
    `Recall:            ${percent(caught.length, malicious.length)} (goal ≥ ${RECALL_GOAL * 100} %)`,
    `False-alarm rate:  ${percent(alarms.length, benign.length)} (goal ≤ ${FALSE_ALARM_LIMIT * 100} %)`,
    '',
    table('Malicious cases caught', malicious, 'caught / cases'),
    '',
    table('Benign cases flagged', benign, 'false alarms / cases'),
    '',
    `Missed (${malicious.length - caught.length}):`,
    ...malicious.filter((verdict) => !verdict.caught).map(describeCase),
    `False alarms (${alarms.length}):`,
    ...alarms.map(describeCase),
    ...(values.verbose ? ['', 'Caught:', ...caught.map(describeCase)] : []),
    ...(judge ? judgeReport(malicious, benign) : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (values.json) {
    writeFileSync(
      values.json,
      `${JSON.stringify({ dir, seconds, recall, falseAlarmRate, verdicts }, null, 2)}\n`,
    );
  }
  return recall >= RECALL_GOAL && falseAlarmRate <= FALSE_ALARM_LIMIT ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:detection: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
