/**
 * Evaluation files checked in worker threads (evaluation-thread.ts), one per core: reading, parsing
 * and validating a document is most of what `afscore validate` and `afscore build` do, and each file
 * is checked on its own. The rules across files (ids used once) are applied here, in file order, so
 * the outcome is the one forEachValidEvaluation gives, problem for problem.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { KeptEvaluation } from '../core/aggregate/scored-evaluation.ts';
import type { FileIssue } from '../core/validation/issue.ts';
import type { EvaluationPackage } from '../core/validation/validate-evaluation.ts';
import { EvaluationLedger } from '../core/validation/validate-repository.ts';

export interface EvaluationThreadData {
  root: string;
  packages: EvaluationPackage[];
  /** Whether to send back each valid document's core for the build. */
  keep: boolean;
}

export interface EvaluationBatch {
  index: number;
  paths: string[];
}

export type FileOutcome =
  | { path: string; issues: FileIssue[] }
  | { path: string; evaluationId: string; packageId: string; kept?: KeptEvaluation };

interface BatchResult {
  index: number;
  outcomes: FileOutcome[];
}

/** Files per message: large enough that messaging costs little, small enough to share work evenly. */
const BATCH_SIZE = 200;
/** Batches each thread holds at once, so it never waits for the next. */
const IN_FLIGHT_PER_THREAD = 2;
/**
 * Each document is parsed into short-lived objects; a young generation larger than V8's default
 * lets more of them die there before a collection, instead of being promoted and collected again.
 */
const YOUNG_GENERATION_MB = 48;

/** Below this many files, starting threads costs more than it saves. */
export const THREADS_FROM_FILES = 2_000;

export function defaultThreadCount(): number {
  return Math.max(1, Math.min(availableParallelism(), 8));
}

/** Only the fields validation reads of a package cross to the threads. */
function slimPackage(pkg: EvaluationPackage): EvaluationPackage {
  return {
    id: pkg.id,
    kind: pkg.kind,
    maintainers: pkg.maintainers,
    distribution: pkg.distribution,
    ...(pkg.version === undefined ? {} : { version: pkg.version }),
    ...(pkg.removed === undefined ? {} : { removed: pkg.removed }),
  };
}

/**
 * Checks `paths` (repository-relative, in the order their problems are reported) in `threads`
 * worker threads; each valid evaluation is handed to `visit` in that order, with its core when
 * `keep`. Returns the problems found.
 */
export async function checkEvaluationsInThreads(
  root: string,
  paths: readonly string[],
  packages: Iterable<EvaluationPackage>,
  options: {
    keep: boolean;
    threads: number;
    visit: (evaluationId: string, packageId: string, kept: KeptEvaluation | undefined) => void;
  },
): Promise<FileIssue[]> {
  const batches: string[][] = [];
  for (let start = 0; start < paths.length; start += BATCH_SIZE)
    batches.push(paths.slice(start, start + BATCH_SIZE));
  const data: EvaluationThreadData = { root, packages: [...packages].map(slimPackage), keep: options.keep };
  const threadCount = Math.max(1, Math.min(options.threads, batches.length));
  const workers = Array.from(
    { length: threadCount },
    () =>
      new Worker(new URL('./evaluation-thread.ts', import.meta.url), {
        workerData: data,
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      }),
  );
  const issues: FileIssue[] = [];
  const ledger = new EvaluationLedger({});
  // Results may come back out of order; they are applied in batch order.
  const waiting = new Map<number, FileOutcome[]>();
  let nextToApply = 0;
  let nextToSend = 0;
  const apply = (batch: number, outcomes: FileOutcome[]) => {
    outcomes.forEach((outcome, position) => {
      if ('issues' in outcome) {
        issues.push(...outcome.issues);
        return;
      }
      // The listing's own path string: the ledger keeps one per evaluation, so not a copy of it.
      const path = batches[batch]![position]!;
      const refused = ledger.admit({ evaluation_id: outcome.evaluationId }, path, false);
      if (refused) issues.push(refused);
      else options.visit(outcome.evaluationId, outcome.packageId, outcome.kept);
    });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      if (batches.length === 0) {
        resolve();
        return;
      }
      const send = (worker: Worker) => {
        if (nextToSend >= batches.length) return;
        const index = nextToSend++;
        worker.postMessage({ index, paths: batches[index]! } satisfies EvaluationBatch);
      };
      for (const worker of workers) {
        worker.on('message', (result: BatchResult) => {
          waiting.set(result.index, result.outcomes);
          while (waiting.has(nextToApply)) {
            const outcomes = waiting.get(nextToApply)!;
            waiting.delete(nextToApply);
            apply(nextToApply, outcomes);
            nextToApply += 1;
          }
          if (nextToApply === batches.length) resolve();
          else send(worker);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (nextToApply < batches.length)
            reject(new Error(`an evaluation thread stopped (exit code ${code}) before its work was done`));
        });
        for (let slot = 0; slot < IN_FLIGHT_PER_THREAD; slot++) send(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return issues;
}
