/**
 * `npm start` as a user runs it: the real entry point serves pages, static files, documents and the
 * API on the bundled data, all with the rate-limit headers, and stops cleanly on SIGTERM.
 * Needs the site built (`npm run build`), as `npm test` does first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
let child: ChildProcess;
let url: string;
let output = '';

beforeAll(async () => {
  if (
    !existsSync(join(ROOT, 'dist', 'server', 'entry.mjs')) ||
    !existsSync(join(ROOT, 'generated', 'manifest.json'))
  ) {
    throw new Error('the site is not built: run npm run build (npm test does) before this suite');
  }
  child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /afscore serving (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stderr!.on('data', onData);
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`start exited with ${code}: ${output}`)));
  });
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

describe('npm start', () => {
  it.each([
    ['/', 'text/html'],
    ['/robots.txt', 'text/plain'],
    ['/favicon.svg', 'image/svg+xml'],
    ['/llms.txt', 'text/plain'],
    ['/openapi.json', 'application/json'],
    ['/v1/stats', 'application/json'],
    ['/v1/packages/server-memory', 'application/json'],
  ])('serves %s with the rate-limit headers', async (path, type) => {
    const response = await fetch(`${url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(type);
    for (const header of [
      'ratelimit',
      'ratelimit-policy',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]) {
      expect(response.headers.has(header), `${path} ${header}`).toBe(true);
    }
  });

  it('serves the real catalogue', async () => {
    const stats = await (await fetch(`${url}/v1/stats`)).json();
    expect(stats.packages_total).toBeGreaterThanOrEqual(60);
    expect(stats.categories_total).toBeGreaterThanOrEqual(10);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: finishing requests in flight, then stopping');
  });
});
