import { describe, expect, it } from 'vitest';
import type { ProbeFacts } from './probe-facts.ts';
import {
  checkCapabilities,
  checkInvalidCalls,
  checkListLatency,
  checkPingAndPagination,
  checkServerInfo,
  checkSmokeCalls,
  checkStartup,
  checkStdioHygiene,
  percentile,
  RUNTIME_CHECK_IDS,
  runtimeChecks,
} from './runtime-checks.ts';

function facts(overrides: Partial<ProbeFacts> = {}): ProbeFacts {
  const connection = {
    identity: 'afscore-evaluator',
    started: true,
    initializeMs: 300,
    toolsSha256: 'a',
    toolDigests: { t: '1' },
    listChangedNotifications: 0,
  };
  return {
    transport: 'stdio',
    connections: [connection, { ...connection }, { ...connection, identity: 'claude-ai' }],
    protocolVersion: '2025-11-25',
    serverName: 'demo',
    serverVersion: '1.0.0',
    capabilityProbes: [
      { capability: 'tools', method: 'tools/list', advertised: true, outcome: 'ok' },
      { capability: 'prompts', method: 'prompts/list', advertised: false, outcome: 'method-not-found' },
    ],
    toolsAdvertised: true,
    listLatenciesMs: [3, 4, 5, 4, 3],
    ping: { ok: true },
    pagination: [{ method: 'tools/list', pages: 1, repeatedItems: [], cursorLoop: false }],
    invalidCalls: [
      { probe: 'unknown-tool', outcome: 'json-rpc-error', code: -32602 },
      { probe: 'invalid-arguments', tool: 't', outcome: 'is-error-result' },
    ],
    aliveAfterInvalidCalls: true,
    smokeCalls: [{ tool: 't', arguments: {}, outcome: 'ok' }],
    smokeSkipped: [],
    stdio: { strayLines: [], strayLineCount: 0, exitAfterStdinCloseMs: 20 },
    ...overrides,
  };
}

describe('runtime checks', () => {
  it('pass a well-behaved server, one result per check', () => {
    const results = runtimeChecks(facts());
    expect(results.map((result) => result.id)).toEqual([...RUNTIME_CHECK_IDS]);
    expect(
      results.filter((result) => result.status !== 'pass').map((result) => [result.id, result.status]),
    ).toEqual([['SEC-10', 'not_applicable']]);
  });

  it('fail REL-01 and run nothing else when the server does not start', () => {
    const results = runtimeChecks(
      facts({
        connections: [
          { identity: 'afscore-evaluator', started: false, error: 'exited', listChangedNotifications: 0 },
        ],
      }),
    );
    expect(results.find((result) => result.id === 'REL-01')).toMatchObject({
      status: 'fail',
      message: 'The server did not initialize: exited.',
    });
    expect(results.filter((result) => result.status === 'not_run').length).toBe(7);
  });

  it('REL-01 forgives a start that needed a retry, but not one slower than the limit', () => {
    const retried = facts();
    retried.connections[0] = { ...retried.connections[0]!, attempts: 2, initializeMs: 4_000 };
    expect(checkStartup(retried)).toMatchObject({
      status: 'pass',
      message: 'Started and initialized within 10 s on the second attempt.',
    });
    const slow = facts();
    slow.connections[0] = { ...slow.connections[0]!, attempts: 2, initializeMs: 24_000 };
    expect(checkStartup(slow)).toMatchObject({ status: 'partial', value: 0.5 });
    expect(runtimeChecks(slow).filter((result) => result.status === 'not_run')).toEqual([]);
  });

  it('REL-02 wants a published protocol version and full serverInfo', () => {
    expect(checkServerInfo(facts({ protocolVersion: '2023-01-01' })).status).toBe('fail');
    expect(checkServerInfo(facts({ serverVersion: undefined })).status).toBe('partial');
  });

  it('REL-03 catches capabilities that are not honest', () => {
    const result = checkCapabilities(
      facts({
        capabilityProbes: [
          { capability: 'prompts', method: 'prompts/list', advertised: false, outcome: 'ok' },
        ],
      }),
    );
    expect(result).toMatchObject({
      status: 'fail',
      evidence: [{ value: 'prompts is not advertised but prompts/list answered a result' }],
    });
  });

  it('REL-04 fails stray stdout and gives partial credit to a slow exit', () => {
    expect(
      checkStdioHygiene(
        facts({ stdio: { strayLines: ['Server started'], strayLineCount: 1, exitAfterStdinCloseMs: 5 } }),
      ).status,
    ).toBe('fail');
    expect(
      checkStdioHygiene(facts({ stdio: { strayLines: [], strayLineCount: 0, exitAfterStdinCloseMs: null } }))
        .status,
    ).toBe('partial');
    expect(checkStdioHygiene(facts({ transport: 'streamable-http' })).status).toBe('not_applicable');
  });

  it('REL-05 bands the p95 latency', () => {
    expect(percentile([1, 2, 3, 4, 5], 0.95)).toBe(5);
    expect(checkListLatency(facts({ listLatenciesMs: [10, 10, 10, 10, 1500] })).status).toBe('partial');
    expect(checkListLatency(facts({ listLatenciesMs: [10, 10, 10, 10, 3000] })).status).toBe('fail');
  });

  it('REL-06 fails a server that stops answering or accepts invalid arguments', () => {
    expect(checkInvalidCalls(facts({ aliveAfterInvalidCalls: false })).status).toBe('fail');
    const accepted = checkInvalidCalls(
      facts({
        invalidCalls: [
          { probe: 'unknown-tool', outcome: 'is-error-result' },
          { probe: 'invalid-arguments', tool: 't', outcome: 'success-result' },
        ],
      }),
    );
    expect(accepted).toMatchObject({ status: 'partial', value: 0.5 });
  });

  it('REL-07 grades smoke calls, half credit for a clean error result, and does not apply without safe tools', () => {
    expect(
      checkSmokeCalls(
        facts({
          smokeCalls: [
            { tool: 'a', arguments: {}, outcome: 'ok' },
            { tool: 'b', arguments: {}, outcome: 'is-error', detail: 'Chrome is not installed' },
          ],
        }),
      ),
    ).toMatchObject({
      status: 'partial',
      value: 0.75,
      message: '1 of 2 read-only smoke calls succeeded. 1 returned an error result.',
    });
    expect(
      checkSmokeCalls(
        facts({
          smokeCalls: [
            { tool: 't', arguments: {}, outcome: 'invalid-structured-content', detail: '/n must be number' },
          ],
        }),
      ).status,
    ).toBe('fail');
    expect(checkSmokeCalls(facts({ smokeCalls: [], smokeSkipped: ['read'] }))).toMatchObject({
      status: 'not_applicable',
      message:
        'No read-only tool the harness can call without side effects (read need arguments the harness cannot invent).',
    });
  });

  it('REL-08 checks ping and paging', () => {
    expect(checkPingAndPagination(facts({ ping: { ok: false, detail: 'timeout' } }))).toMatchObject({
      status: 'partial',
      value: 0.5,
    });
    const looped = checkPingAndPagination(
      facts({ pagination: [{ method: 'tools/list', pages: 3, repeatedItems: ['a'], cursorLoop: false }] }),
    );
    expect(looped.evidence).toEqual([{ location: 'tools/list', value: 'repeated across pages: a' }]);
  });

  it('REL-08 leaves a list method that fails outright to REL-03, so one defect costs once', () => {
    const broken = facts({
      pagination: [{ method: 'prompts/list', pages: 0, repeatedItems: [], cursorLoop: false, error: 'boom' }],
      capabilityProbes: [
        { capability: 'prompts', method: 'prompts/list', advertised: true, outcome: 'error', detail: 'boom' },
      ],
    });
    expect(checkCapabilities(broken).status).toBe('fail');
    expect(checkPingAndPagination(broken).status).toBe('pass');
  });
});
