/**
 * `afscore submit <file>`: posts an evaluation to `POST /v1/evaluations` with the key from
 * AFSCORE_API_KEY and prints the submission status, or each problem the service reported as
 * `pointer: detail`. The key is never printed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type CliIo, EXIT } from '../io.ts';

export const submitUsage = `Usage: afscore submit <file> [--api URL]

Posts the evaluation to <URL>/v1/evaluations with the API key in AFSCORE_API_KEY, and prints the
submission id, status, review URL and spot-check pick. The URL is --api, else AFSCORE_API_URL, else
http://localhost:4321 (a server started with npm start). A file that is not JSON is refused here,
before it spends one of the day's submissions; run afscore validate <file> first to check the rest.`;

export const DEFAULT_API = 'http://localhost:4321';
const SUBMIT_TIMEOUT_MS = 60_000;

interface Submission {
  submission_id?: string;
  status?: string;
  package_id?: string;
  review_url?: string | null;
  spot_check?: boolean;
}

interface Problem {
  title?: string;
  status?: number;
  detail?: string;
  errors?: { pointer?: string; parameter?: string; detail?: string }[];
}

export function evaluationsEndpoint(api: string): string {
  const base = api.replace(/\/+$/, '');
  return base.endsWith('/v1') ? `${base}/evaluations` : `${base}/v1/evaluations`;
}

/** Service text may come from a hostile document; keep it to one printable line. */
function line(text: unknown): string {
  return String(text ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .slice(0, 1000);
}

function printAccepted(io: CliIo, body: Submission, location: string | null): void {
  io.out(`Accepted: submission ${line(body.submission_id)} (${line(body.status)})`);
  if (body.package_id) io.out(`  package     ${line(body.package_id)}`);
  io.out(`  review      ${body.review_url ? line(body.review_url) : 'pull request not opened yet'}`);
  io.out(`  spot-check  ${body.spot_check ? 'yes: the operator will re-run this evaluation' : 'no'}`);
  if (location) io.out(`  follow      ${line(location)}`);
}

function printProblem(io: CliIo, status: number, body: Problem | null): void {
  const title = body?.title ? line(body.title) : `HTTP ${status}`;
  io.err(`Rejected (${status} ${title})${body?.detail ? `: ${line(body.detail)}` : ''}`);
  for (const found of body?.errors ?? []) {
    io.err(
      `  ${line(found.pointer ?? found.parameter ?? '(document)') || '(document)'}: ${line(found.detail)}`,
    );
  }
}

export async function runSubmit(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { api: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(submitUsage);
    return EXIT.ok;
  }
  if (positionals.length !== 1) {
    io.err(`afscore submit: give exactly one evaluation file\n\n${submitUsage}`);
    return EXIT.usage;
  }
  const key = process.env.AFSCORE_API_KEY ?? '';
  if (key.trim() === '') {
    io.err(
      'afscore submit: AFSCORE_API_KEY is not set (get a key on the sign-in page, or from the operator)',
    );
    return EXIT.usage;
  }
  const file = resolve(io.cwd, positionals[0]!);
  if (!existsSync(file)) {
    io.err(`afscore submit: no file at ${positionals[0]}`);
    return EXIT.usage;
  }
  const body = readFileSync(file);
  try {
    JSON.parse(body.toString('utf8'));
  } catch (error) {
    io.err(`afscore submit: ${positionals[0]} is not JSON (${(error as Error).message}); nothing was sent`);
    return EXIT.invalid;
  }
  const endpoint = evaluationsEndpoint(values.api ?? (process.env.AFSCORE_API_URL || DEFAULT_API));
  // Say where it goes: a 401 from the wrong server looks just like one from the right server.
  io.err(`Submitting ${positionals[0]} to ${endpoint}`);
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, application/problem+json',
        'x-api-key': key,
      },
      body,
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    });
  } catch (error) {
    io.err(
      `afscore submit: cannot reach ${endpoint}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return EXIT.invalid;
  }
  const answer = (await response.json().catch(() => null)) as (Submission & Problem) | null;
  if (response.status === 202 || response.status === 200) {
    printAccepted(io, answer ?? {}, response.headers.get('location'));
    return EXIT.ok;
  }
  printProblem(io, response.status, answer);
  return EXIT.invalid;
}
