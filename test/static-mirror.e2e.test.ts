/**
 * The static mirror holds, for every parameter-free GET path, exactly the body the live server
 * answers, plus the host rules that map clean paths onto the files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/capture-io.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const tempDir = useTempDirs();
let server: TestServer;
let mirror: string;

beforeAll(async () => {
  server = await startTestServer(tempDir(), { AFSCORE_READ_LIMIT: '1000000' });
  mirror = tempDir();
  const io = captureIo(server.root);
  expect(
    await main(
      ['mirror', '--generated', server.generatedDir, '--out', mirror, '--public-url', server.url],
      io,
    ),
  ).toBe(0);
  expect(io.stdout[0]).toMatch(/^✓ mirrored \d+ files/);
});
afterAll(() => server.close());

function mirroredPaths(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = `${prefix}/${entry.name}`;
    return entry.isDirectory() ? mirroredPaths(dir, path) : [path];
  });
}

describe('the static mirror', () => {
  it('has every parameter-free read, byte for byte as the server answers it', async () => {
    const files = mirroredPaths(mirror).filter((path) => path.startsWith('/v1/'));
    expect(files).toContain('/v1/packages/pg-query/index.json');
    expect(files).toContain('/v1/packages/pg-query/agent-guide/index.json');
    expect(files).toContain('/v1/categories/databases/leaderboard/index.json');
    expect(files).not.toContain('/v1/packages/retired-server/index.json');
    expect(files).toHaveLength(4 + 31 * 2 + 3 * 2);
    for (const file of files) {
      const path = file.replace(/\/index\.json$/, '');
      const live = await (await fetch(`${server.url}${path}`)).text();
      expect(readFileSync(join(mirror, file), 'utf8'), path).toBe(live);
    }
  });

  it('carries the documents and the host rules', async () => {
    const llms = readFileSync(join(mirror, 'llms.txt'), 'utf8');
    expect(llms.split('\n')[0]).toBe('# afscore');
    expect(llms).toContain(`${server.url}/openapi.json`);
    expect(readFileSync(join(mirror, 'schemas', 'evaluation-2.0.json'), 'utf8')).toContain(
      '"$id": "https://afscore.dev/schemas/evaluation-2.0.json"',
    );
    expect(readFileSync(join(mirror, '_redirects'), 'utf8')).toBe('/v1/* /v1/:splat/index.json 200\n');
    expect(readFileSync(join(mirror, '_headers'), 'utf8')).toContain(
      'Content-Type: application/json; charset=utf-8',
    );
  });
});
