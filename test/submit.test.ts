/**
 * `afscore submit` against a small fake of `POST /v1/evaluations` that follows the contract in
 * the OpenAPI description: 202 with the submission, or a problem body naming each field at fault.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/capture-io.ts';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { useTempDirs } from './support/temp-dir.ts';

const KEY = 'afk_0123456789abcdef';
const tempDir = useTempDirs();
const received: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
let server: Server;
let api: string;

function problem(status: number, title: string, detail: string, errors?: unknown[]) {
  return {
    type: `https://afscore.dev/problems/${status}`,
    title,
    status,
    detail,
    ...(errors ? { errors } : {}),
  };
}

/** The fake service's answer, following the contract of POST /v1/evaluations. */
function answer(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
  body: string,
): { status: number; payload: unknown; headers?: Record<string, string> } {
  if (method !== 'POST' || url !== '/v1/evaluations') {
    return { status: 404, payload: problem(404, 'Not Found', 'No such resource.') };
  }
  if (headers['x-api-key'] !== KEY) {
    return { status: 401, payload: problem(401, 'Unauthorized', 'Send a valid API key in X-Api-Key.') };
  }
  const doc = JSON.parse(body) as {
    evaluation_id: string;
    package: { id: string };
    scores: { af_score: number };
  };
  if (doc.scores.af_score !== 100) {
    return {
      status: 422,
      payload: problem(422, 'Unprocessable evaluation', 'The evaluation does not pass validation.', [
        { pointer: '/scores/af_score', detail: `is ${doc.scores.af_score} but the checks give 100` },
        { pointer: '/scores/grade', detail: 'is "C" but the checks give "A"' },
      ]),
    };
  }
  return {
    status: 202,
    payload: {
      submission_id: 'sub_42',
      status: 'queued',
      package_id: doc.package.id,
      evaluation_id: doc.evaluation_id,
      review_url: null,
      spot_check: true,
      received_at: '2026-11-22T12:00:00Z',
    },
    headers: { location: '/v1/evaluations/sub_42' },
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ url: req.url ?? '', headers: req.headers, body });
      const { status, payload, headers } = answer(req.method, req.url, req.headers, body);
      res
        .writeHead(status, {
          'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
          ...headers,
        })
        .end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  delete process.env.AFSCORE_API_KEY;
  received.length = 0;
});

function evaluationFile(afScore?: number): string {
  const doc = buildEvaluation({ id: uuidFor('submit'), packageId: 'server-memory', version: '2026.8.31' });
  if (afScore !== undefined) doc.scores.af_score = afScore;
  const file = join(tempDir(), 'evaluation.json');
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  return file;
}

describe('afscore submit', () => {
  it('takes the service URL from AFSCORE_API_URL when --api is not given', async () => {
    process.env.AFSCORE_API_KEY = KEY;
    process.env.AFSCORE_API_URL = api;
    try {
      const io = captureIo(process.cwd());
      expect(await main(['submit', evaluationFile()], io)).toBe(0);
      expect(received).toHaveLength(1);
    } finally {
      delete process.env.AFSCORE_API_URL;
    }
  });

  it('posts the file as it is with the key and prints the submission status', async () => {
    process.env.AFSCORE_API_KEY = KEY;
    const file = evaluationFile();
    const io = captureIo(process.cwd());
    expect(await main(['submit', file, '--api', api], io)).toBe(0);
    expect(received[0]).toMatchObject({
      url: '/v1/evaluations',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
    });
    expect(received[0]!.body).toBe(readFileSync(file, 'utf8'));
    expect(io.stdout).toEqual([
      'Accepted: submission sub_42 (queued)',
      '  package     server-memory',
      '  review      pull request not opened yet',
      '  spot-check  yes: the operator will re-run this evaluation',
      '  follow      /v1/evaluations/sub_42',
    ]);
    expect([...io.stdout, ...io.stderr].join('\n')).not.toContain(KEY);
  });

  it('prints each problem as pointer: detail and exits 1', async () => {
    process.env.AFSCORE_API_KEY = KEY;
    const io = captureIo(process.cwd());
    expect(await main(['submit', evaluationFile(55), '--api', `${api}/v1/`], io)).toBe(1);
    expect(io.stderr).toEqual([
      expect.stringMatching(/^Submitting .*evaluation\.json to http:\/\/127\.0\.0\.1:\d+\/v1\/evaluations$/),
      'Rejected (422 Unprocessable evaluation): The evaluation does not pass validation.',
      '  /scores/af_score: is 55 but the checks give 100',
      '  /scores/grade: is "C" but the checks give "A"',
    ]);
  });

  it('reports a refused key', async () => {
    process.env.AFSCORE_API_KEY = 'afk_wrong';
    const io = captureIo(process.cwd());
    const file = evaluationFile();
    expect(await main(['submit', file, '--api', api], io)).toBe(1);
    // Which server refused the key comes first: a key issued by another server is the usual cause.
    expect(io.stderr).toEqual([
      `Submitting ${file} to ${api}/v1/evaluations`,
      'Rejected (401 Unauthorized): Send a valid API key in X-Api-Key.',
    ]);
  });

  it('needs a key, a file and a reachable service', async () => {
    const io = captureIo(process.cwd());
    expect(await main(['submit', evaluationFile(), '--api', api], io)).toBe(2);
    expect(io.stderr[0]).toContain('AFSCORE_API_KEY is not set');
    process.env.AFSCORE_API_KEY = KEY;
    expect(
      await main(['submit', join(tempDir(), 'missing.json'), '--api', api], captureIo(process.cwd())),
    ).toBe(2);
    const offline = captureIo(process.cwd());
    expect(await main(['submit', evaluationFile(), '--api', 'http://127.0.0.1:9'], offline)).toBe(1);
    expect(offline.stderr[1]).toContain('cannot reach http://127.0.0.1:9/v1/evaluations');
    const notJson = join(tempDir(), 'notes.json');
    writeFileSync(notJson, '{"evaluation_id": ');
    const refused = captureIo(process.cwd());
    expect(await main(['submit', notJson, '--api', api], refused)).toBe(1);
    expect(refused.stderr[0]).toMatch(/notes\.json is not JSON \(.+\); nothing was sent$/);
    expect(received).toEqual([]);
  });
});
