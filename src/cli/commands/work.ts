/**
 * `afscore work`: a long-running worker that drains the evaluation queue. With an API key it
 * takes packages through the public API (checkout lease, evaluate in the sandbox, submit,
 * release), as any contributor can; with --local it works on the repository for the operator.
 * Every step is journaled, so a killed worker neither loses nor repeats finished work.
 */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isCategorySlug, isLogin } from '../../core/ids.ts';
import { evaluate, type Judge } from '../../evaluator/evaluate.ts';
import { parseModelOption } from '../../evaluator/llm/provider.ts';
import { githubApiUrl } from '../../evaluator/repository-licence.ts';
import { detectSandbox, runsAsRoot } from '../../evaluator/sandbox/sandbox-support.ts';
import { defaultNpmCacheDir } from '../../evaluator/sandbox.ts';
import { ApiSource } from '../../worker/api-source.ts';
import { Journal } from '../../worker/journal.ts';
import { LocalSource } from '../../worker/local-source.ts';
import { formatDuration } from '../../worker/progress.ts';
import { type EvaluateItem, runWorker, StopControl, type WorkerSummary } from '../../worker/run-worker.ts';
import { FatalWorkError, type WorkSource } from '../../worker/work-source.ts';
import { type CliIo, EXIT } from '../io.ts';
import { DEFAULT_MODEL, judgeFor } from './evaluate.ts';
import { DEFAULT_API } from './submit.ts';

export const workUsage = `Usage: afscore work [options]

Takes packages from the evaluation queue and evaluates them in the sandbox, one after another (or
--concurrency at a time), until the queue is empty, --limit is reached or --until has passed.

Where the work comes from (one of):
  --api URL            the service (default: $AFSCORE_API_URL, else ${DEFAULT_API}); needs an API key
                       in AFSCORE_API_KEY. Each package is claimed with a checkout lease, evaluated,
                       submitted (which releases the lease), or given back when it could not be.
  --local              the repository (--root, default the current folder), for the operator:
                       evaluations are written to evaluations/<package-id>/; needs --contributor.

Options:
  --concurrency N      evaluations at a time (default 1; each takes about a core)
  --limit N            take at most N packages
  --until WHEN         take nothing new after WHEN: an RFC 3339 time, or a duration (90m, 8h)
  --kind KIND          only mcp-server (skills are not evaluated by the worker yet)
  --category SLUG      only this category
  --contributor LOGIN  with --local: whose evaluations these are (default: $AFSCORE_LOGIN)
  --root DIR           with --local: the repository (default: current folder)
  --journal DIR        where the journal is kept (default: .state/work in the repository with
                       --local, else ~/.local/state/afscore/work/<service>)
  --grace SECONDS      after a first Ctrl-C or SIGTERM, how long running evaluations may finish
                       (default 120); a second one stops them at once
  --no-llm             deterministic checks only (judged checks "not run")
  --model PROVIDER:MODEL  the judge, as for afscore evaluate (default ${DEFAULT_MODEL})
  --verbose            show each evaluation's steps

Only npm packages are evaluated; each runs in the bubblewrap sandbox with no network, and one
shared npm cache so that every dependency downloads once. A package that could not be evaluated
(its install failed) is given back and left for 1 h, then 2 h, 4 h … up to a week.`;

function usageError(io: CliIo, message: string): number {
  io.err(`afscore work: ${message}`);
  return EXIT.usage;
}

/** "8h", "90m", "45s", or an RFC 3339 time. */
export function parseUntil(text: string, nowMs: number): number | null {
  const duration = /^(\d{1,6})(s|m|h|d)$/.exec(text);
  if (duration) {
    const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[duration[2] as 's' | 'm' | 'h' | 'd'];
    return nowMs + Number(duration[1]) * unit;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}

function positive(text: string | undefined, name: string, max: number): number | string | null {
  if (text === undefined) return null;
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1 || Number(text) > max)
    return `${name} must be a whole number from 1 to ${max}, not "${text}"`;
  return Number(text);
}

function defaultJournal(api: string): string {
  const base = process.env.XDG_STATE_HOME?.trim()
    ? process.env.XDG_STATE_HOME
    : join(homedir(), '.local', 'state');
  const slug = createHash('sha256').update(api).digest('hex').slice(0, 12);
  return join(base, 'afscore', 'work', slug);
}

export function printSummary(io: CliIo, summary: WorkerSummary, journal: string): void {
  io.err('');
  io.err(`Stopped: ${summary.stoppedBecause}.`);
  // What was delivered, by outcome; what could not be evaluated was given back, not delivered.
  const outcomes = Object.entries(summary.outcomes)
    .filter(([outcome]) => outcome !== 'could not evaluate')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([outcome, count]) => `${count} ${outcome}`);
  const notEvaluated = summary.outcomes['could not evaluate'] ?? 0;
  io.err(
    `Took ${summary.taken} package(s) in ${formatDuration(summary.elapsedMs)}; delivered ${summary.delivered}${outcomes.length > 0 ? ` (${outcomes.join(', ')})` : ''}${notEvaluated > 0 ? `; ${notEvaluated} could not be evaluated and wait for a retry` : ''}.`,
  );
  for (const failure of summary.failures.slice(0, 20))
    io.err(`  could not evaluate ${failure.id}: ${failure.reason}`);
  if (summary.waiting > 0)
    io.err(
      `${summary.waiting} evaluation(s) wait in the journal (${journal}); the next run delivers them first.`,
    );
}

export async function runWork(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: false,
    options: {
      api: { type: 'string' },
      local: { type: 'boolean' },
      root: { type: 'string' },
      contributor: { type: 'string' },
      concurrency: { type: 'string' },
      limit: { type: 'string' },
      until: { type: 'string' },
      kind: { type: 'string' },
      category: { type: 'string' },
      journal: { type: 'string' },
      grace: { type: 'string' },
      'no-llm': { type: 'boolean' },
      model: { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(workUsage);
    return EXIT.ok;
  }
  if (positionals.length > 0) return usageError(io, `takes no arguments\n\n${workUsage}`);
  if (values.local && values.api) return usageError(io, 'give --api or --local, not both');
  const concurrency = positive(values.concurrency, '--concurrency', 16) ?? 1;
  const limit = positive(values.limit, '--limit', 1_000_000);
  const grace = positive(values.grace, '--grace', 86_400) ?? 120;
  for (const value of [concurrency, limit, grace])
    if (typeof value === 'string') return usageError(io, value);
  const untilMs = values.until === undefined ? null : parseUntil(values.until, io.now());
  if (values.until !== undefined && untilMs === null)
    return usageError(io, `--until "${values.until}" is neither a duration (90m, 8h) nor an RFC 3339 time`);
  if (values.kind !== undefined && values.kind !== 'mcp-server')
    return usageError(
      io,
      values.kind === 'skill'
        ? '--kind skill: the worker evaluates npm packages (MCP servers) only; evaluate skills with afscore evaluate <folder>'
        : `--kind must be mcp-server, not "${values.kind}"`,
    );
  if (values.category !== undefined && !isCategorySlug(values.category))
    return usageError(io, `--category "${values.category}" is not a category slug`);

  let judge: Judge | null = null;
  if (!values['no-llm']) {
    const choice = parseModelOption(values.model ?? DEFAULT_MODEL);
    if (!choice.ok) return usageError(io, `${choice.issues[0]!.message} (${choice.issues[0]!.hint ?? ''})`);
    const made = judgeFor(choice.value);
    if (!made.ok) return usageError(io, made.message);
    judge = made.judge;
  }
  const sandbox = detectSandbox();
  if (!sandbox.ok) {
    io.err(`afscore work: cannot run packages in a sandbox: ${sandbox.reason}.`);
    io.err(`To fix it: ${sandbox.hint}. The worker never runs packages without one.`);
    return EXIT.usage;
  }

  let source: WorkSource;
  let journalDir: string;
  try {
    if (values.local) {
      const contributor = values.contributor ?? process.env.AFSCORE_LOGIN ?? '';
      if (!isLogin(contributor))
        return usageError(io, 'with --local, say whose evaluations these are: --contributor <github-login>');
      const root = resolve(io.cwd, values.root ?? '.');
      source = new LocalSource(root, contributor, io.now);
      journalDir = resolve(io.cwd, values.journal ?? join(root, '.state', 'work'));
    } else {
      const key = process.env.AFSCORE_API_KEY ?? '';
      if (key.trim() === '')
        return usageError(
          io,
          'AFSCORE_API_KEY is not set (get a key on the sign-in page, or use --local as the operator)',
        );
      const api = values.api ?? (process.env.AFSCORE_API_URL || DEFAULT_API);
      source = new ApiSource(api, key, io.now);
      journalDir = resolve(io.cwd, values.journal ?? defaultJournal(api));
    }
  } catch (error) {
    io.err(`afscore work: ${(error as Error).message}`);
    return EXIT.invalid;
  }
  const journal = new Journal(journalDir);
  if (journal.skipped > 0)
    io.err(`The journal had ${journal.skipped} unreadable line(s) (cut by a kill); skipped.`);

  const npmCacheDir = defaultNpmCacheDir(process.env, homedir(), runsAsRoot());
  const evaluateItem: EvaluateItem = (item, evaluationId, signal) =>
    evaluate({
      target: { kind: 'npm', name: item.npm, ...(item.version ? { version: item.version } : {}) },
      packageId: item.id,
      contributor: item.contributor,
      relationship: 'none',
      evaluationId,
      judge,
      env: {},
      serverArgs: [],
      ...(item.configuration ? { configuration: item.configuration } : {}),
      now: io.now,
      signal,
      ...(values.verbose ? { progress: (step: string) => io.err(`    ${item.id}: ${step}`) } : {}),
      sandbox: { support: sandbox.support, network: false, npmCacheDir },
      github: { apiUrl: githubApiUrl(process.env) },
    });

  const stop = new StopControl();
  let signals = 0;
  const onSignal = (name: string) => {
    signals += 1;
    if (signals === 1) {
      io.err(
        `${name}: taking nothing new; running evaluations may finish for ${grace} s. ${name} again stops them now and gives their packages back.`,
      );
      stop.drain();
    } else {
      io.err(`${name}: stopping running evaluations and giving their packages back.`);
      stop.abort();
    }
  };
  const onInt = () => onSignal('SIGINT');
  const onTerm = () => onSignal('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  try {
    const summary = await runWorker(
      {
        source,
        journal,
        // MCP servers only, with or without --kind: a skill shipped in an npm package (claude-skills)
        // is a folder to evaluate with `afscore evaluate <folder>`, not a server to start.
        filter: { kind: 'mcp-server', category: values.category ?? null },
        concurrency: concurrency as number,
        limit: limit as number | null,
        untilMs,
        evaluate: evaluateItem,
        now: io.now,
        log: (line) => io.err(line),
        graceMs: (grace as number) * 1000,
      },
      stop,
    );
    printSummary(io, summary, journal.dir);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof FatalWorkError) {
      io.err(`afscore work: ${error.message}`);
      return EXIT.invalid;
    }
    throw error;
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    journal.close();
  }
}
