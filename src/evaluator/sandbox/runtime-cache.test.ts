import { spawn } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultRuntimeCacheDir, prepareRuntime, type RuntimeSources } from './runtime-cache.ts';

let work: string;
let sources: RuntimeSources;

/** Small stand-ins for Node, npm's folder and the helpers, in a folder closed to others. */
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'afscore-runtime-test-'));
  const checkout = join(work, 'checkout');
  mkdirSync(join(checkout, 'npm', 'bin'), { recursive: true });
  mkdirSync(join(checkout, 'npm', 'lib'), { recursive: true });
  mkdirSync(join(checkout, 'inside'));
  writeFileSync(join(checkout, 'node'), '#!/bin/sh\necho node\n', { mode: 0o700 });
  writeFileSync(join(checkout, 'npm', 'package.json'), '{"name":"npm","version":"10.9.0"}');
  writeFileSync(join(checkout, 'npm', 'bin', 'npm-cli.js'), 'require("../lib/cli.js")', { mode: 0o600 });
  writeFileSync(join(checkout, 'npm', 'lib', 'cli.js'), 'module.exports = 1', { mode: 0o600 });
  symlinkSync('../lib/cli.js', join(checkout, 'npm', 'bin', 'cli-link.js'));
  writeFileSync(join(checkout, 'inside', 'net-watch.cjs'), '// watch\n');
  chmodSync(checkout, 0o700);
  sources = { node: join(checkout, 'node'), npmRoot: join(checkout, 'npm'), lib: join(checkout, 'inside') };
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

const entries = (cache: string) =>
  readdirSync(cache)
    .filter((name) => name !== 'ids')
    .sort();

describe('the runtime cache', () => {
  it('copies Node, npm and the helpers outside the checkout, readable by all and writable by none but the owner', () => {
    const cache = join(work, 'cache');
    const runtime = prepareRuntime(cache, sources, Date.now());
    for (const path of [runtime.node, runtime.npmRoot!, runtime.lib])
      expect(path.startsWith(`${cache}/`)).toBe(true);
    expect(readFileSync(runtime.node, 'utf8')).toBe('#!/bin/sh\necho node\n');
    expect(statSync(runtime.node).mode & 0o777).toBe(0o755);
    expect(statSync(join(runtime.npmRoot!, 'bin', 'npm-cli.js')).mode & 0o777).toBe(0o644);
    expect(readFileSync(join(runtime.npmRoot!, 'bin', 'cli-link.js'), 'utf8')).toBe('module.exports = 1');
    expect(readFileSync(join(runtime.lib, 'net-watch.cjs'), 'utf8')).toBe('// watch\n');
    for (const dir of [cache, runtime.npmRoot!, join(runtime.npmRoot!, 'bin'), runtime.lib])
      expect(statSync(dir).mode & 0o777).toBe(0o755);
    expect(entries(cache)).toEqual([
      expect.stringMatching(/^lib-inside-[0-9a-f]{20}$/),
      expect.stringMatching(new RegExp(`^node-${process.version}-[0-9a-f]{20}$`)),
      expect.stringMatching(/^npm-10\.9\.0-[0-9a-f]{20}$/),
    ]);
  });

  it('reuses an entry, and makes a new one when the source changes', () => {
    const cache = join(work, 'cache');
    const first = prepareRuntime(cache, sources, Date.now());
    expect(prepareRuntime(cache, sources, Date.now())).toEqual(first);
    chmodSync(join(work, 'checkout'), 0o755);
    writeFileSync(join(sources.lib, 'net-watch.cjs'), '// watch, edited\n');
    writeFileSync(sources.node, '#!/bin/sh\necho newer node\n');
    const second = prepareRuntime(cache, sources, Date.now());
    expect(second.lib).not.toBe(first.lib);
    expect(second.node).not.toBe(first.node);
    expect(second.npmRoot).toBe(first.npmRoot);
    expect(readFileSync(join(second.lib, 'net-watch.cjs'), 'utf8')).toBe('// watch, edited\n');
    expect(readFileSync(second.node, 'utf8')).toBe('#!/bin/sh\necho newer node\n');
  });

  it('remakes an entry whose files were removed, and prunes entries unused for a week', () => {
    const cache = join(work, 'cache');
    const first = prepareRuntime(cache, sources, Date.now());
    rmSync(join(first.npmRoot!, 'bin', 'npm-cli.js'));
    const again = prepareRuntime(cache, sources, Date.now());
    expect(again.npmRoot).toBe(first.npmRoot);
    expect(readFileSync(join(again.npmRoot!, 'bin', 'npm-cli.js'), 'utf8')).toBe('require("../lib/cli.js")');
    const old = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    mkdirSync(join(cache, 'node-v0.0.0-0123456789abcdef0123'));
    utimesSync(join(cache, 'node-v0.0.0-0123456789abcdef0123'), old, old);
    writeFileSync(join(sources.lib, 'net-watch.cjs'), '// a new helper makes a new entry, and prunes\n');
    prepareRuntime(cache, sources, Date.now());
    expect(entries(cache).some((name) => name.startsWith('node-v0.0.0'))).toBe(false);
  });

  it('makes one entry when evaluations start together', async () => {
    const cache = join(work, 'cache');
    const script = `import { prepareRuntime } from ${JSON.stringify(join(import.meta.dirname, 'runtime-cache.ts'))};
      console.log(JSON.stringify(prepareRuntime(${JSON.stringify(cache)}, ${JSON.stringify(sources)}, Date.now())));`;
    const results = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
            const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
            let out = '';
            let err = '';
            child.stdout.on('data', (chunk: Buffer) => {
              out += chunk;
            });
            child.stderr.on('data', (chunk: Buffer) => {
              err += chunk;
            });
            child.on('close', (code) => resolve({ code, out, err }));
          }),
      ),
    );
    for (const result of results) expect(result.code, result.err).toBe(0);
    expect(new Set(results.map((result) => result.out)).size).toBe(1);
    expect(entries(cache)).toHaveLength(3);
  }, 30_000);

  it('refuses a cache folder others can write, and says what to do', () => {
    const cache = join(work, 'open-cache');
    mkdirSync(cache, { mode: 0o777 });
    chmodSync(cache, 0o777);
    expect(() => prepareRuntime(cache, sources, Date.now())).toThrow(
      /runtime cache .*open-cache is not a folder owned by this user .* set AFSCORE_RUNTIME_CACHE/,
    );
  });

  it('says where it could not copy to, and how to go on', () => {
    const blocker = join(work, 'a-file');
    writeFileSync(blocker, '');
    expect(() => prepareRuntime(join(blocker, 'cache'), sources, Date.now())).toThrow(
      /cannot copy Node and npm for the sandbox into .*a-file\/cache: .*set AFSCORE_RUNTIME_CACHE/,
    );
  });

  it('lives in the system cache as root and in the user cache otherwise', () => {
    expect(defaultRuntimeCacheDir({}, '/home/ada', true)).toBe('/var/cache/afscore/runtime');
    expect(defaultRuntimeCacheDir({}, '/home/ada', false)).toBe('/home/ada/.cache/afscore/runtime');
    expect(defaultRuntimeCacheDir({ XDG_CACHE_HOME: '/xdg' }, '/home/ada', false)).toBe(
      '/xdg/afscore/runtime',
    );
    expect(defaultRuntimeCacheDir({ AFSCORE_RUNTIME_CACHE: '/srv/rt' }, '/home/ada', true)).toBe('/srv/rt');
  });
});
