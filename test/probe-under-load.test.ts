/**
 * A busy machine must not change a verdict: a start that times out is retried before REL-01 fails,
 * later connections wait in proportion to the first start, connections that never start cost
 * SEC-06 half its credit instead of unpublishing the security score (and are named, whether they
 * did not start or started and could not list), and a listing that failed (the server died after a
 * call) is not a face whose empty lists read as every tool removed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDefinitionChanges } from '../src/core/checks/server/definition-changes.ts';
import { checkStartup } from '../src/core/checks/server/runtime-checks.ts';
import { probeServer, type ServerLauncher } from '../src/evaluator/mcp-probe.ts';

const SERVER = join(import.meta.dirname, 'fixtures', 'mcp-servers', 'moody', 'server.ts');
const homes: string[] = [];

afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

/** Our own fixture, started directly: no package code runs here, so no sandbox is needed. */
function moody(env: Record<string, string>): ServerLauncher {
  const home = mkdtempSync(join(tmpdir(), 'afscore-moody-'));
  homes.push(home);
  return {
    transport: 'stdio',
    open: () => ({
      transport: new StdioClientTransport({
        command: process.execPath,
        args: [SERVER],
        env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
        stderr: 'ignore',
      }),
      failure: async () => '',
    }),
  };
}

const quick = { startupTimeoutMs: 1_000, startupRetryTimeoutMs: 5_000, notificationGraceMs: 20 };

describe('the probe under load', () => {
  it('retries a start that timed out, and REL-01 passes on the second attempt', async () => {
    const result = await probeServer(moody({ MOODY_STALL_MS: '2500' }), () => {}, quick);
    expect(result.facts.connections[0]).toMatchObject({ started: true, attempts: 2 });
    expect(checkStartup(result.facts)).toMatchObject({
      status: 'pass',
      message: 'Started and initialized within 10 s on the second attempt.',
    });
    expect(checkDefinitionChanges(result.snapshot!).status).toBe('pass');
    // Eight connections on a loaded machine: the limit catches a hang, not a slow core.
  }, 120_000);

  it('does not read a listing that failed after a crash as every tool removed', async () => {
    const result = await probeServer(moody({ MOODY_EXIT_AFTER_CALL: '1' }), () => {}, quick);
    const labels = result.snapshot!.faces!.map((face) => face.label);
    expect(labels.some((label) => label.includes('after tools/call'))).toBe(false);
    expect(labels).toHaveLength(8);
    expect(checkDefinitionChanges(result.snapshot!).status).toBe('pass');
  }, 120_000);

  it('names the later connections that started but could not list, instead of "0 did not start"', async () => {
    const result = await probeServer(moody({ MOODY_FAIL_LIST_AFTER: '1' }), () => {}, quick);
    expect(new Set(result.snapshot!.faces!.map((face) => face.connection))).toEqual(new Set([1]));
    expect(result.facts.connections.every((connection) => connection.started)).toBe(true);
    const check = checkDefinitionChanges(result.snapshot!);
    expect(check).toMatchObject({
      status: 'partial',
      value: 0.5,
      message: expect.stringContaining('7 connection(s) did not start or could not list'),
    });
    expect(check.evidence?.[0]?.value).toMatch(/^started, but could not list: tools\/list: .*locked/);
  }, 120_000);

  it('judges SEC-06 on the faces it saw when later connections do not start', async () => {
    // Limits a loaded machine cannot hit, so only the refusals decide which connections start.
    const patient = { ...quick, startupTimeoutMs: 20_000, startupRetryTimeoutMs: 20_000 };
    const result = await probeServer(moody({ MOODY_REFUSE_AFTER: '3' }), () => {}, patient);
    const started = result.facts.connections.map((connection) => connection.started);
    expect(started).toEqual([true, true, true, false, false, false, false, false]);
    expect(checkDefinitionChanges(result.snapshot!)).toMatchObject({
      status: 'partial',
      value: 0.5,
      message: expect.stringContaining('5 connection(s) did not start'),
    });
  }, 120_000);
});
