/**
 * `POST /v1/evaluations` and `GET /v1/evaluations/{submission_id}`. An accepted submission is in the
 * outbox, on disk, before the 202 goes out; delivery happens afterwards, in the worker.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { admitSubmission, catalogueRuns } from '../../core/contributions/admit-submission.ts';
import { runKey } from '../../core/validation/validate-repository.ts';
import { pointerErrors, problem } from '../http/problems.ts';
import { readBody } from '../http/read-body.ts';
import { isReply, jsonReply, problemReply, type Reply } from '../http/reply.ts';
import type { DataVersion } from '../live/live-data.ts';
import { quotaExceededReply } from '../rate-limit/quota-reply.ts';
import type { ModuleContext } from '../server-module.ts';
import type { Store, SubmissionRecord } from '../store/store.ts';
import { keyOwner } from './api-key-header.ts';

export const MAX_SUBMISSION_BYTES = 1024 * 1024;

const runsByVersion = new WeakMap<DataVersion, Map<string, string>>();

function knownRuns(data: DataVersion): Map<string, string> {
  let runs = runsByVersion.get(data);
  if (!runs) {
    runs = catalogueRuns(data.index);
    runsByVersion.set(data, runs);
  }
  return runs;
}

export function submissionView(record: SubmissionRecord) {
  return {
    submission_id: record.id,
    status: record.status,
    package_id: record.package_id,
    evaluation_id: record.evaluation_id,
    review_url: record.review_url,
    spot_check: record.spot_check,
    self_evaluation: record.self_evaluation,
    received_at: record.received_at,
    failure: record.status === 'failed' ? record.last_error : null,
  };
}

function isJson(req: IncomingMessage): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json';
}

async function parsedBody(req: IncomingMessage): Promise<unknown | Reply> {
  const read = await readBody(req, MAX_SUBMISSION_BYTES);
  if (!read.ok) {
    return read.reason === 'too-large'
      ? problemReply(problem('payloadTooLarge', `The body is larger than ${MAX_SUBMISSION_BYTES} bytes.`))
      : problemReply(problem('invalidBody', 'The body ended before it was complete.'));
  }
  try {
    return JSON.parse(read.body.toString('utf8')) as unknown;
  } catch (error) {
    return problemReply(problem('invalidBody', `The body is not valid JSON: ${(error as Error).message}.`));
  }
}

export async function submitEvaluation(
  req: IncomingMessage,
  context: ModuleContext,
  store: Store,
  afterAccept: (record: SubmissionRecord) => Promise<void>,
): Promise<Reply> {
  const owner = await keyOwner(req, store);
  if (isReply(owner)) return owner;
  if (!isJson(req))
    return problemReply(
      problem(
        'unsupportedMediaType',
        `Content-Type is "${req.headers['content-type'] ?? 'missing'}"; send application/json.`,
      ),
    );
  const quota = await context.spend('submit', `key:${owner.id}`);
  if (!quota.allowed) {
    req.resume();
    return quotaExceededReply('submit', quota, context.now);
  }
  const body = await parsedBody(req);
  if (body !== null && typeof body === 'object' && isReply(body)) return body;
  const submissionId = `sub_${randomBytes(12).toString('hex')}`;
  const admission = admitSubmission(body, {
    index: context.data.index,
    login: owner.login,
    submissionId,
    nowMs: context.now,
    knownRun: (key) => knownRuns(context.data).get(key),
  });
  if (!admission.ok) {
    const key =
      admission.kind === 'unknown-package'
        ? 'notFound'
        : admission.kind === 'duplicate'
          ? 'conflict'
          : 'invalidEvaluation';
    const detail =
      admission.issues.length === 1
        ? `${admission.issues[0]!.pointer || '(document)'}: ${admission.issues[0]!.message}.`
        : `${admission.issues.length} problems; see errors.`;
    return problemReply(problem(key, detail, { errors: pointerErrors(admission.issues) }));
  }
  const waiting = await store.findRun(runKey(admission.doc));
  if (waiting) {
    return problemReply(
      problem('conflict', `This run was already submitted as ${waiting.id}.`, { submission_id: waiting.id }),
    );
  }
  const receivedAt = new Date(context.now).toISOString();
  const record: SubmissionRecord = {
    id: submissionId,
    key_id: owner.id,
    login: owner.login,
    package_id: admission.doc.package.id,
    evaluation_id: admission.doc.evaluation_id,
    run_key: runKey(admission.doc),
    document: `${JSON.stringify(admission.doc, null, 2)}\n`,
    spot_check: admission.spotCheck,
    self_evaluation: admission.selfEvaluation,
    tier: admission.tier,
    status: 'queued',
    attempts: 0,
    next_attempt_at: receivedAt,
    last_error: null,
    review_url: null,
    received_at: receivedAt,
    delivered_at: null,
  };
  try {
    await store.insertSubmission(record);
  } catch (error) {
    // The evaluation id is unique in the outbox: the same document sent twice.
    if (/UNIQUE/i.test((error as Error).message))
      return problemReply(problem('conflict', `Evaluation ${record.evaluation_id} was already submitted.`));
    throw error;
  }
  await afterAccept(record);
  const reply = jsonReply(submissionView(record), undefined, 202);
  reply.headers.Location = `/v1/evaluations/${record.id}`;
  return reply;
}

export async function submissionStatus(id: string, store: Store): Promise<Reply> {
  const record = /^sub_[0-9a-f]{24}$/.test(id) ? await store.findSubmission(id) : null;
  if (!record) return problemReply(problem('notFound', `There is no submission "${id}".`));
  return jsonReply(submissionView(record));
}
