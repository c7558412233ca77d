/** The sandbox an evaluated server runs in: none of the contributor's secrets, and nothing left running. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../src/evaluator/sandbox.ts';

/** Running, as opposed to gone or a zombie waiting to be reaped. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function stopped(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 50 && running(pid); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return !running(pid);
}

async function output(started: ReturnType<ReturnType<typeof createSandbox>['spawn']>): Promise<string> {
  let text = '';
  started.child.stdout?.setEncoding('utf8');
  started.child.stdout?.on('data', (chunk: string) => {
    text += chunk;
  });
  await started.exited;
  return text;
}

describe('sandbox', () => {
  it('gives the server a temporary HOME and working folder and only PATH plus what was passed', async () => {
    process.env.AFSCORE_TEST_SECRET = 'do-not-leak';
    const sandbox = createSandbox({ SERVER_MODE: 'demo' });
    try {
      const started = sandbox.spawn(process.execPath, [
        '-e',
        'console.log(JSON.stringify({ env: process.env, cwd: process.cwd() }))',
      ]);
      started.child.stdin?.end();
      const seen = JSON.parse(await output(started)) as { env: Record<string, string>; cwd: string };
      expect(Object.keys(seen.env).sort()).toEqual(['HOME', 'LANG', 'PATH', 'SERVER_MODE', 'TMPDIR']);
      expect(seen.env.HOME).toBe(sandbox.home);
      expect(seen.cwd).toBe(sandbox.work);
      expect(JSON.stringify(seen)).not.toContain('do-not-leak');
      expect(sandbox.passedVariables).toEqual(['SERVER_MODE']);
    } finally {
      sandbox.dispose();
      delete process.env.AFSCORE_TEST_SECRET;
    }
  });

  it('kills the server with its children and removes the folder', async () => {
    const sandbox = createSandbox();
    const started = sandbox.spawn('bash', ['-c', 'sleep 30 & echo $!; wait']);
    const grandchild = await new Promise<number>((resolve) => {
      started.child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    });
    expect(running(grandchild)).toBe(true);
    sandbox.dispose();
    await started.exited;
    expect(await stopped(grandchild)).toBe(true);
    expect(existsSync(sandbox.root)).toBe(false);
  });
});
