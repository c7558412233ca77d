/**
 * The sandbox an evaluated package runs in, tried the way a hostile package would: it sees none of
 * the contributor's home, checkout, environment or processes, writes nowhere but its own folders,
 * reaches no network, and is stopped by its limits (processes, memory, CPU, wall time, file size);
 * at the end everything it started is gone, detached processes included. Without bubblewrap
 * (--no-sandbox) the old, weaker containment still holds.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { detectSandbox, type SandboxSupport } from '../src/evaluator/sandbox/sandbox-support.ts';
import {
  blockedFor,
  createSandbox,
  type Sandbox,
  type SandboxOptions,
  sweepStaleRoots,
} from '../src/evaluator/sandbox.ts';
import { captureIo } from './support/capture-io.ts';

const REPO = join(import.meta.dirname, '..');
const TOKEN = 'ghp_afscoreFakeToken0123456789abcdefABCDEF';

/** Running, as opposed to gone or a zombie waiting to be reaped. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Host processes whose command line holds the marker. */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker) && running(Number(entry)))
        found.push(Number(entry));
    } catch {
      // gone
    }
  }
  return found;
}

async function eventually(condition: () => boolean, ms = 5_000): Promise<boolean> {
  for (
    const start = Date.now();
    Date.now() - start < ms;
    await new Promise((resolve) => setTimeout(resolve, 50))
  )
    if (condition()) return true;
  return condition();
}

async function run(
  sandbox: Sandbox,
  script: string,
  options: Parameters<Sandbox['spawn']>[2] = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const started = sandbox.spawn(sandbox.node, ['-e', script], options);
  started.child.stdin?.end();
  let stdout = '';
  started.child.stdout?.setEncoding('utf8');
  started.child.stdout?.on('data', (chunk: string) => {
    stdout += chunk;
  });
  const exit = await started.exited;
  await Promise.race([started.closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  return { code: exit.code, stdout, stderr: started.stderrTail() };
}

const detected = detectSandbox();
const support: SandboxSupport | null = detected.ok ? detected.support : null;

async function withSandbox<T>(
  options: Partial<SandboxOptions>,
  body: (sandbox: Sandbox) => Promise<T>,
): Promise<T> {
  const sandbox = await createSandbox({ support, ...options });
  try {
    return await body(sandbox);
  } finally {
    await sandbox.dispose();
  }
}

describe('the bubblewrap sandbox', () => {
  const made: string[] = [];
  let listener: Server;
  let connections = 0;
  let port = 0;

  beforeAll(async () => {
    expect(detected).toMatchObject({ ok: true });
    process.env.AFSCORE_GITHUB_TOKEN = TOKEN;
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(async () => {
    delete process.env.AFSCORE_GITHUB_TOKEN;
    for (const path of made) rmSync(path, { force: true });
    await new Promise((resolve) => listener.close(resolve));
  });

  it('shows the package nothing of the contributor: no home, checkout, environment or processes', async () => {
    const homeCanary = join(homedir(), `afscore-canary-${process.pid}.txt`);
    const checkoutCanary = join(REPO, `afscore-canary-${process.pid}.txt`);
    writeFileSync(homeCanary, 'home secret');
    writeFileSync(checkoutCanary, 'checkout secret');
    made.push(homeCanary, checkoutCanary);
    const seen = await withSandbox({ env: { SERVER_MODE: 'demo' } }, async (sandbox) => {
      const result = await run(
        sandbox,
        `
        const fs = require('fs');
        const tryRead = (path) => { try { return fs.readFileSync(path, 'utf8'); } catch (error) { return error.code; } };
        const pids = fs.readdirSync('/proc').filter((entry) => /^\\d+$/.test(entry));
        console.log(JSON.stringify({
          env: process.env, cwd: process.cwd(), uid: process.getuid(), host: require('os').hostname(),
          home: tryRead(${JSON.stringify(homeCanary)}), checkout: tryRead(${JSON.stringify(checkoutCanary)}),
          manifest: tryRead(${JSON.stringify(join(REPO, 'package.json'))}),
          environs: pids.map((pid) => tryRead('/proc/' + pid + '/environ')).join('\\n'),
          parent: tryRead('/proc/' + process.ppid + '/environ'),
          pids: pids.length, root: fs.readdirSync('/'), passwd: tryRead('/etc/passwd'),
        }));`,
      );
      return { parsed: JSON.parse(result.stdout) as Record<string, unknown>, sandbox };
    });
    const { parsed, sandbox } = seen;
    expect(Object.keys(parsed.env as object).sort()).toEqual([
      'HOME',
      'LANG',
      'LOGNAME',
      'PATH',
      'PWD',
      'SERVER_MODE',
      'TMPDIR',
      'USER',
    ]);
    expect(parsed.cwd).toBe(sandbox.work);
    expect(parsed.uid).toBe(1000);
    expect(parsed.host).toBe('afscore-sandbox');
    expect(parsed.home).toBe('ENOENT');
    expect(parsed.checkout).toBe('ENOENT');
    expect(parsed.manifest).toBe('ENOENT');
    // A fresh /proc: bubblewrap's init and the process itself; the evaluator is not there.
    expect(parsed.pids).toBeLessThanOrEqual(3);
    expect(parsed.root).not.toContain('root');
    expect(parsed.root).not.toContain('home');
    expect(parsed.passwd).not.toMatch(/^(?!root|afscore|nobody)[a-z]/m);
    expect(JSON.stringify(parsed)).not.toContain(TOKEN);
    expect(sandbox.passedVariables).toEqual(['SERVER_MODE']);
  });

  it('does not give away where the checkout lives: Node, npm and the helpers come from copies', async () => {
    const seen = await withSandbox({}, async (sandbox) => {
      const result = await run(
        sandbox,
        `const fs = require('fs');
         console.log(JSON.stringify({
           execPath: process.execPath, exe: fs.readlinkSync('/proc/self/exe'),
           mountinfo: fs.readFileSync('/proc/self/mountinfo', 'utf8'),
           npm: require('child_process').execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim(),
         }));`,
      );
      return JSON.parse(result.stdout) as { execPath: string; exe: string; mountinfo: string; npm: string };
    });
    expect(seen.execPath).toBe('/opt/afscore/bin/node');
    expect(seen.exe).toBe('/opt/afscore/bin/node');
    expect(seen.npm).toMatch(/^\d+\.\d+\.\d+$/);
    // Bind mounts name their source in mountinfo: none of them may be in the checkout.
    expect(seen.mountinfo).toContain('/opt/afscore/bin/node');
    expect(seen.mountinfo).not.toContain(REPO);
  });

  it('lets it write only in its own folders', async () => {
    const outside = [
      join(homedir(), `afscore-drop-${process.pid}`),
      join(REPO, `afscore-drop-${process.pid}`),
    ];
    const hostTmp = join(tmpdir(), `afscore-drop-${process.pid}`);
    made.push(...outside, hostTmp);
    const result = await withSandbox({}, async (sandbox) =>
      JSON.parse(
        (
          await run(
            sandbox,
            `
            const fs = require('fs');
            const tryWrite = (path) => { try { fs.writeFileSync(path, 'x'); return 'written'; } catch (error) { return error.code; } };
            console.log(JSON.stringify({
              outside: ${JSON.stringify(outside)}.map(tryWrite),
              system: ['/usr/lib/afscore-drop', '/etc/afscore-drop', '/opt/afscore/bin/afscore-drop', '/afscore-drop'].map(tryWrite),
              tmp: tryWrite(${JSON.stringify(hostTmp)}),
              own: [process.env.HOME + '/x', process.cwd() + '/x', '/tmp/x'].map(tryWrite),
            }));`,
          )
        ).stdout,
      ),
    );
    // A checkout under /tmp (a CI clone) has its path inside the sandbox's own /tmp, where a write
    // lands in the sandbox's tmpfs; what matters is that the host's file never appears (below).
    const inPrivateTmp = (path: string) => path.startsWith(`${tmpdir()}/`);
    result.outside.forEach((outcome: string, index: number) => {
      if (!(inPrivateTmp(outside[index]!) && outcome === 'written'))
        expect(outcome).toMatch(/^(ENOENT|EROFS|EACCES)$/);
    });
    for (const outcome of result.system) expect(outcome).toMatch(/^(ENOENT|EROFS|EACCES)$/);
    expect(result.own).toEqual(['written', 'written', 'written']);
    // /tmp inside is the sandbox's own: the host's /tmp is untouched.
    for (const path of [...outside, hostTmp]) expect(existsSync(path)).toBe(false);
  });

  it('has no network: loopback and outside connections fail, and the attempts are recorded', async () => {
    const { result, facts } = await withSandbox({}, async (sandbox) => {
      sandbox.setActivity('start');
      const result = await run(
        sandbox,
        `
        const net = require('net');
        const attempt = (port, host) => new Promise((resolve) => {
          const socket = net.connect({ port, host });
          socket.once('connect', () => { socket.destroy(); resolve('connected'); });
          socket.once('error', (error) => resolve(error.code));
        });
        (async () => console.log(JSON.stringify([await attempt(${port}, '127.0.0.1'), await attempt(443, '203.0.113.7')])))();`,
        { watchNetwork: true },
      );
      return { result: JSON.parse(result.stdout) as string[], facts: sandbox.facts([]) };
    });
    expect(result).toEqual(['ECONNREFUSED', 'ENETUNREACH']);
    expect(connections).toBe(0);
    expect(facts.networkAttempts).toEqual([
      expect.objectContaining({
        phase: 'start',
        kind: 'tcp',
        destination: `127.0.0.1:${port}`,
        outcome: 'failed',
      }),
      expect.objectContaining({
        phase: 'start',
        kind: 'tcp',
        destination: '203.0.113.7:443',
        outcome: 'failed',
      }),
    ]);
  });

  it('kills detached, re-parented descendants and removes its folder at the end', async () => {
    const marker = `afscore-detached-${process.pid}-${Date.now()}`;
    const late = join(tmpdir(), marker);
    const sandbox = await createSandbox({ support });
    // setsid and a double fork: the sleeper's parent exits at once and it is re-parented; the
    // server itself keeps running, as a server does.
    const started = sandbox.spawn('sh', [
      '-c',
      `setsid sh -c 'sleep 3; echo late > ${late}; sleep 60' ${marker} >/dev/null 2>&1 & echo started; sleep 60`,
    ]);
    started.child.stdin?.end();
    let out = '';
    started.child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    expect(await eventually(() => out.includes('started') && processesWith(marker).length > 0, 10_000)).toBe(
      true,
    );
    await sandbox.dispose();
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true);
    expect(existsSync(sandbox.root)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(existsSync(late)).toBe(false);
  });

  // The default limit is 512 processes and threads; a lower one here keeps the test short on a
  // busy machine (forks are slow in a VM). The kernel enforces either the same way.
  it('stops a fork bomb at its process limit', async () => {
    const marker = `afscore-forkbomb-${process.pid}`;
    let peak = 0;
    const facts = await withSandbox({ limits: { run: { processes: 100 } } }, async (sandbox) => {
      const started = sandbox.spawn('bash', ['-c', 'bomb() { bomb | bomb & }; bomb; sleep 60', marker]);
      started.child.stdin?.end();
      const until = Date.now() + 6_000;
      while (Date.now() < until) {
        peak = Math.max(peak, processesWith(marker).length);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return sandbox.facts([]);
    });
    expect(peak).toBeGreaterThan(20);
    expect(peak).toBeLessThanOrEqual(100);
    expect(facts.limitsHit).toContainEqual(expect.objectContaining({ limit: 'processes' }));
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true);
  }, 30_000);

  it('stops an 8 GiB allocation at its memory limit', async () => {
    const { result, facts } = await withSandbox({}, async (sandbox) => {
      const result = await run(
        sandbox,
        `const held = []; let failure = '';
         try { for (let i = 0; i < 128; i += 1) held.push(Buffer.alloc(64 * 1024 * 1024)); } catch (error) { failure = error.message; }
         setTimeout(() => console.log(JSON.stringify({ gib: held.length / 16, failure })), 1000);`,
      );
      return {
        result: JSON.parse(result.stdout) as { gib: number; failure: string },
        facts: sandbox.facts([]),
      };
    });
    expect(result.gib).toBeLessThan(2);
    expect(result.failure).toMatch(/allocation failed/i);
    expect(facts.limitsHit).toEqual([expect.objectContaining({ limit: 'memory' })]);
  });

  it('kills the whole sandbox when its processes together hold more memory than allowed', async () => {
    const { result, facts } = await withSandbox(
      { limits: { run: { totalMemoryBytes: 128 * 1024 ** 2 } } },
      async (sandbox) => {
        const result = await run(
          sandbox,
          'const held = []; for (let i = 0; i < 8; i += 1) held.push(Buffer.alloc(64 * 1024 * 1024, 1)); setInterval(() => {}, 1000);',
        );
        return { result, facts: sandbox.facts([]) };
      },
    );
    expect(result.code).toBe(null);
    expect(facts.limitsHit).toEqual([
      expect.objectContaining({ limit: 'memory', detail: expect.stringContaining('killed') }),
    ]);
  }, 60_000);

  it('stops a CPU spin at its CPU limit, and a process that outlives its wall time', async () => {
    const spin = await withSandbox({ limits: { run: { cpuSeconds: 2 } } }, async (sandbox) => {
      const result = await run(sandbox, 'for (;;) {}');
      return { result, facts: sandbox.facts([]) };
    });
    expect(spin.result.code).toBe(128 + 24);
    expect(spin.facts.limitsHit).toContainEqual(expect.objectContaining({ limit: 'cpu' }));
    const startedAt = Date.now();
    const slow = await withSandbox({ limits: { run: { wallSeconds: 2 } } }, async (sandbox) => {
      const result = await run(sandbox, 'setInterval(() => {}, 1000)');
      return { result, facts: sandbox.facts([]) };
    });
    expect(Date.now() - startedAt).toBeLessThan(8_000);
    expect(slow.facts.limitsHit).toEqual([expect.objectContaining({ limit: 'wall' })]);
  });

  it('stops a file at its size limit', async () => {
    const { result, facts } = await withSandbox(
      { limits: { run: { fileSizeBytes: 1024 * 1024 } } },
      async (sandbox) => {
        const result = await run(
          sandbox,
          `try { require('fs').writeFileSync('big', Buffer.alloc(8 * 1024 * 1024)); console.log('written'); } catch (error) { console.error(error.code); console.log('refused'); }`,
        );
        return { result, facts: sandbox.facts([]) };
      },
    );
    expect(result.stdout.trim()).toBe('refused');
    expect(facts.limitsHit).toEqual([expect.objectContaining({ limit: 'file-size' })]);
  });

  it('removes the folders that evaluators killed a day ago or more left behind, and no others', () => {
    const parent = mkdtempSync(join(tmpdir(), 'afscore-sweep-'));
    try {
      for (const name of ['afscore-eval-old', 'afscore-eval-new', 'unrelated-old'])
        mkdirSync(join(parent, name));
      const day = 24 * 60 * 60 * 1000;
      const old = new Date(Date.now() - 2 * day);
      for (const name of ['afscore-eval-old', 'unrelated-old']) utimesSync(join(parent, name), old, old);
      sweepStaleRoots(parent, Date.now());
      expect(readdirSync(parent).sort()).toEqual(['afscore-eval-new', 'unrelated-old']);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('records itself as structured data', async () => {
    const record = await withSandbox({ network: true }, async (sandbox) => sandbox.record());
    expect(record).toMatchObject({
      tool: 'bubblewrap',
      version: expect.stringMatching(/^\d+\.\d+/),
      namespaces: ['user', 'pid', 'mount', 'ipc', 'uts'],
      network: 'full',
      limits: { memory_bytes: 2 * 1024 ** 3, processes: 512, cpu_seconds: 300, wall_seconds: 900 },
    });
  });
});

describe('without a sandbox (--no-sandbox)', () => {
  it('still gives a temporary HOME and working folder and only PATH plus what was passed', async () => {
    process.env.AFSCORE_TEST_SECRET = 'do-not-leak';
    try {
      const sandbox = await createSandbox({ support: null, env: { SERVER_MODE: 'demo' } });
      try {
        const result = await run(
          sandbox,
          'console.log(JSON.stringify({ env: process.env, cwd: process.cwd() }))',
        );
        const seen = JSON.parse(result.stdout) as { env: Record<string, string>; cwd: string };
        expect(Object.keys(seen.env).sort()).toEqual(['HOME', 'LANG', 'PATH', 'SERVER_MODE', 'TMPDIR']);
        expect(seen.env.HOME).toBe(sandbox.home);
        expect(seen.cwd).toBe(sandbox.work);
        expect(JSON.stringify(seen)).not.toContain('do-not-leak');
        expect(sandbox.record()).toEqual({ tool: 'none', network: 'full' });
      } finally {
        await sandbox.dispose();
      }
    } finally {
      delete process.env.AFSCORE_TEST_SECRET;
    }
  });

  it('kills the server with its children and removes the folder', async () => {
    const sandbox = await createSandbox({ support: null });
    const started = sandbox.spawn('bash', ['-c', 'sleep 30 & echo $!; wait']);
    const grandchild = await new Promise<number>((resolve) => {
      started.child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    });
    expect(running(grandchild)).toBe(true);
    await sandbox.dispose();
    expect(await eventually(() => !running(grandchild))).toBe(true);
    expect(existsSync(sandbox.root)).toBe(false);
  });
});

describe('without a working sandbox', () => {
  it('refuses to evaluate, and says how to install one or how to go on without it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'afscore-refused-'));
    const out = join(dir, 'doc.json');
    process.env.AFSCORE_BWRAP = '/nonexistent/bwrap';
    try {
      const io = captureIo(REPO);
      const code = await main(
        [
          'evaluate',
          join(REPO, 'test', 'fixtures', 'mcp-servers', 'clean'),
          '--package-id',
          'fixture-clean',
          '--no-llm',
          '--contributor',
          'ada-evaluates',
          '--out',
          out,
        ],
        io,
      );
      expect(code).toBe(2);
      const said = io.stderr.join('\n');
      expect(said).toContain('cannot run the package in a sandbox: bubblewrap (bwrap) is not installed');
      expect(said).toContain('sudo apt-get update && sudo apt-get install -y bubblewrap');
      expect(said).toContain('--no-sandbox');
      expect(existsSync(out)).toBe(false);
    } finally {
      delete process.env.AFSCORE_BWRAP;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the folder that keeps the sandbox user (nobody, when the evaluator is root) out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'afscore-blocked-'));
    try {
      mkdirSync(join(dir, 'package'));
      writeFileSync(join(dir, 'package', 'server.js'), '');
      chmodSync(dir, 0o700);
      expect(blockedFor(join(dir, 'package', 'server.js'), 65534)).toBe(dir);
      chmodSync(dir, 0o711);
      expect(blockedFor(join(dir, 'package', 'server.js'), 65534)).toBeNull();
      chmodSync(join(dir, 'package', 'server.js'), 0o600);
      expect(blockedFor(join(dir, 'package', 'server.js'), 65534)).toBe(join(dir, 'package', 'server.js'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
