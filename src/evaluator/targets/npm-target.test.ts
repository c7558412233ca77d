import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { LimitHit } from '../../core/checks/server/sandbox-facts.ts';
import type { Sandbox, SpawnOptions } from '../sandbox.ts';
import { installNpmPackage, lastLines, npmFailure, registryHost } from './npm-target.ts';

/**
 * A sandbox in which npm answers as the registry proxy answers a blocked request, recording what
 * the evaluator let the fetch step reach and how it started npm.
 */
const installDirs: string[] = [];
afterEach(() => {
  for (const dir of installDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function recordingSandbox(hits: LimitHit[] = []) {
  const install = mkdtempSync(join(tmpdir(), 'afscore-npm-target-'));
  installDirs.push(install);
  const egress: { step: string; hosts: readonly string[] }[] = [];
  const spawned: SpawnOptions[] = [];
  const sandbox = {
    install,
    home: '/nonexistent-afscore-home',
    node: '/opt/afscore/bin/node',
    npmCli: '/opt/afscore/npm/bin/npm-cli.js',
    npmCacheDir: '/nonexistent-afscore-cache',
    contained: true,
    network: false,
    expose: () => {},
    allowEgress: async (step: string, hosts: readonly string[]) => {
      egress.push({ step, hosts });
    },
    facts: () => ({ contained: true, network: false, limitsHit: hits, networkAttempts: [] }),
    spawn: (_command: string, _args: readonly string[], options: SpawnOptions = {}) => {
      spawned.push(options);
      const stderr = new PassThrough();
      const child = {
        stdin: new PassThrough(),
        stdout: new PassThrough(),
        stderr,
      } as unknown as ChildProcess;
      setImmediate(() => {
        stderr.end('npm error 403 403 Forbidden - GET https://registry.npmjs.org/mcp-demo\n');
        (child.stdout as PassThrough).end();
      });
      return {
        child,
        exited: new Promise((resolve) => setTimeout(() => resolve({ code: 1, signal: null }), 20)),
        closed: Promise.resolve(),
        hasExited: () => true,
        stderrTail: () => '',
        killGroup: () => {},
      };
    },
  } as unknown as Sandbox;
  return { sandbox, egress, spawned };
}

describe('npm output', () => {
  it('keeps the lines that say what failed, not npm’s framing', () => {
    const stderr = [
      'prebuild-install warn install getaddrinfo EAI_AGAIN github.com',
      'gyp ERR! configure error',
      'Package libsecret-1 was not found in the pkg-config search path.',
      'gyp ERR! System Linux 6.18.44',
      'gyp ERR! command "/opt/afscore/bin/node" "node-gyp.js" "rebuild"',
      'gyp ERR! cwd /tmp/afscore-eval-x/install/node_modules/keytar',
      'gyp ERR! node -v v22.23.3',
      'gyp ERR! node-gyp -v v12.4.0',
      'gyp ERR! $npm_package_name keytar',
      'gyp ERR! not ok',
      'npm error code 1',
      'npm error path /tmp/afscore-eval-x/install/node_modules/keytar',
      'npm error command failed',
      'npm error command sh -c prebuild-install || npm run build',
      'npm error A complete log of this run can be found in: /tmp/x/_logs/debug-0.log',
      '',
    ].join('\n');
    expect(lastLines(stderr, 6)).toBe(
      'prebuild-install warn install getaddrinfo EAI_AGAIN github.com gyp ERR! configure error Package libsecret-1 was not found in the pkg-config search path.',
    );
  });

  it('allows the registry by name, with its port only when it has one', () => {
    expect(registryHost('https://registry.npmjs.org/')).toBe('registry.npmjs.org');
    expect(registryHost('http://127.0.0.1:4873/')).toBe('127.0.0.1:4873');
  });

  it('says the sandbox stopped npm at a limit, rather than quoting the warnings npm was printing', () => {
    const run = {
      code: null,
      stdout: '',
      stderr:
        '(node:10) [UNDICI-EHPA] Warning: EnvHttpProxyAgent is experimental, expect them to change at any time.\n(Use `node --trace-warnings ...` to show where the warning was created)\n',
    };
    const wall: LimitHit = {
      limit: 'wall',
      phase: 'fetch',
      detail: 'still running after 300 s: the evaluator killed it',
    };
    expect(npmFailure('install', run, [wall])).toBe(
      "npm install was stopped by the sandbox's wall limit (still running after 300 s: the evaluator killed it); on a busy machine, run it again",
    );
    // Node's own warnings say nothing about why npm failed: they are left out of the quote.
    expect(npmFailure('install', { ...run, code: 1 }, [])).toBe('npm install failed: exit 1');
  });
});

describe('the fetch step', () => {
  it('may reach the registry and GitHub’s tarball host, with scripts off for every npm it starts', async () => {
    const { sandbox, egress, spawned } = recordingSandbox();
    await expect(installNpmPackage('mcp-demo', '1.0.0', sandbox)).rejects.toThrow(/npm view failed: .*403/);
    expect(egress).toHaveLength(1);
    expect(egress[0]!.step).toBe('fetch');
    expect(egress[0]!.hosts).toContain('codeload.github.com');
    expect(egress[0]!.hosts).not.toContain('github.com');
    expect(spawned[0]).toMatchObject({ step: 'fetch', npmCache: true });
    expect(spawned[0]!.env).toMatchObject({ npm_config_ignore_scripts: 'true' });
  });

  it('names the limit when the sandbox stopped npm', async () => {
    const wall: LimitHit = {
      limit: 'wall',
      phase: 'fetch',
      detail: 'still running after 300 s: the evaluator killed it',
    };
    const { sandbox } = recordingSandbox([wall]);
    await expect(installNpmPackage('mcp-demo', '1.0.0', sandbox)).rejects.toThrow(
      "npm view was stopped by the sandbox's wall limit (still running after 300 s",
    );
  });
});
