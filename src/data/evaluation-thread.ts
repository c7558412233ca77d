/**
 * One worker thread of evaluation-threads.ts: reads, parses and validates the evaluation files it
 * is handed, batch by batch, and answers with each file's problems or, for a valid document, what
 * the rules across files and the build need of it. The parsed documents die here, in this thread's
 * own heap, so the main thread only ever holds what it keeps.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { keepEvaluation } from '../core/aggregate/scored-evaluation.ts';
import type { EvaluationPackage } from '../core/validation/validate-evaluation.ts';
import { checkEvaluationFile } from '../core/validation/validate-repository.ts';
import type { EvaluationBatch, EvaluationThreadData, FileOutcome } from './evaluation-threads.ts';
import { readRawFile } from './repository-files.ts';

const data = workerData as EvaluationThreadData;
const packages = new Map<string, EvaluationPackage>(data.packages.map((pkg) => [pkg.id, pkg]));

function outcomeOf(path: string): FileOutcome {
  const checked = checkEvaluationFile(readRawFile(data.root, path), { packages });
  if (!checked.ok) return { path, issues: checked.issues };
  const { doc } = checked;
  return {
    path,
    evaluationId: doc.evaluation_id,
    packageId: doc.package.id,
    ...(data.keep ? { kept: keepEvaluation(doc) } : {}),
  };
}

parentPort!.on('message', (batch: EvaluationBatch) => {
  parentPort!.postMessage({ index: batch.index, outcomes: batch.paths.map(outcomeOf) });
});
