import { describe, expect, it } from 'vitest';
import { checkLimits, checkNetworkUse, sandboxChecks } from './sandbox-checks.ts';
import type { NetworkAttempt, SandboxFacts } from './sandbox-facts.ts';

function facts(overrides: Partial<SandboxFacts> = {}): SandboxFacts {
  return { contained: true, network: false, limitsHit: [], networkAttempts: [], ...overrides };
}

function attempt(overrides: Partial<NetworkAttempt>): NetworkAttempt {
  return {
    phase: 'start',
    kind: 'tcp',
    destination: 'telemetry.example.net:443',
    outcome: 'failed',
    configured: false,
    count: 1,
    ...overrides,
  };
}

describe('SEC-13: reaches the network only when asked', () => {
  it('passes a server that tried nothing, and one that used the network only inside calls', () => {
    expect(checkNetworkUse(facts())).toMatchObject({ status: 'pass' });
    const result = checkNetworkUse(
      facts({ networkAttempts: [attempt({ phase: 'calls', destination: 'api.example.com:443' })] }),
    );
    expect(result).toMatchObject({ status: 'pass', message: expect.stringContaining('api.example.com:443') });
  });

  it('fails one that reached out while starting or being listed, with evidence pointing into inputs.sandbox', () => {
    const attempts = [
      attempt({ phase: 'fetch', kind: 'proxy', destination: 'registry.npmjs.org:443', outcome: 'allowed' }),
      attempt({ count: 3 }),
    ];
    const result = checkNetworkUse(facts({ networkAttempts: attempts }));
    expect(result).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('telemetry.example.net:443 (tcp, failed ×3)'),
    });
    expect(result.message).toContain('The sandbox had no network');
    expect(result.evidence).toEqual([expect.objectContaining({ location: '/sandbox/networkAttempts/1' })]);
  });

  it('does not hold hosts the contributor configured against the server', () => {
    expect(checkNetworkUse(facts({ networkAttempts: [attempt({ configured: true })] }))).toMatchObject({
      status: 'pass',
    });
  });

  it('gives half credit when only install scripts asked the proxy for hosts it refused', () => {
    const result = checkNetworkUse(
      facts({
        networkAttempts: [
          attempt({
            phase: 'scripts',
            kind: 'proxy',
            outcome: 'denied',
            destination: 'collector.example.net:443',
          }),
        ],
      }),
    );
    expect(result).toMatchObject({ status: 'partial', value: 0.5 });
  });
});

describe('REL-10: stays within resource limits', () => {
  it('passes when nothing was hit and fails a server that hit a limit', () => {
    expect(checkLimits(facts())).toMatchObject({ status: 'pass' });
    const result = checkLimits(
      facts({
        limitsHit: [
          { limit: 'processes', phase: 'start', detail: '504 processes and threads, at the limit of 512' },
        ],
      }),
    );
    expect(result).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('processes while starting'),
    });
    expect(result.evidence).toEqual([expect.objectContaining({ location: '/sandbox/limitsHit/0' })]);
  });

  it('gives half credit when only installing hit a limit', () => {
    expect(
      checkLimits(facts({ limitsHit: [{ limit: 'cpu', phase: 'scripts', detail: 'killed by SIGXCPU' }] })),
    ).toMatchObject({ status: 'partial', value: 0.5 });
  });
});

describe('without facts', () => {
  it('does not apply to remote servers and is not run without the sandbox', () => {
    expect(sandboxChecks(null).map((check) => check.status)).toEqual(['not_applicable', 'not_applicable']);
    expect(sandboxChecks(facts({ contained: false })).map((check) => check.status)).toEqual([
      'not_run',
      'not_run',
    ]);
  });
});
