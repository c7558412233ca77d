import { describe, expect, it } from 'vitest';
import { configuredHost, isLoopback, networkAttempts, parseWatchLines } from './network-attempts.ts';

const line = (value: Record<string, unknown>) => JSON.stringify(value);

describe('the network watch’s lines', () => {
  it('keeps the watch’s own lines and skips what a package wrote there instead', () => {
    const text = [
      line({ t: 1, kind: 'tcp', id: '7:1', host: 'api.example.com', port: 443 }),
      'not json',
      line({ t: 'x', kind: 'tcp' }),
      line({ t: 2, kind: 'shell', host: 'x' }),
      line({ t: 3, kind: 'dns', host: 'api.example.com' }),
    ].join('\n');
    expect(parseWatchLines(text)).toEqual([
      { t: 1, kind: 'tcp', id: '7:1', host: 'api.example.com', port: 443 },
      { t: 3, kind: 'dns', host: 'api.example.com' },
    ]);
  });
});

describe('network attempts', () => {
  const timeline = [
    { at: 100, phase: 'start' as const },
    { at: 200, phase: 'calls' as const },
    { at: 300, phase: 'start' as const },
  ];

  it('gives each attempt its phase, outcome and count', () => {
    const lines = parseWatchLines(
      [
        line({ t: 150, kind: 'tcp', id: '1:1', host: 'telemetry.example.net', port: 443 }),
        line({ t: 151, kind: 'tcp-result', id: '1:1', outcome: 'failed' }),
        line({ t: 160, kind: 'tcp', id: '1:2', host: 'telemetry.example.net', port: 443 }),
        line({ t: 250, kind: 'tcp', id: '1:3', host: 'api.example.com', port: 443 }),
        line({ t: 350, kind: 'dns', host: 'update.example.org' }),
      ].join('\n'),
    );
    expect(networkAttempts(lines, timeline, [], [], false)).toEqual([
      {
        phase: 'start',
        kind: 'tcp',
        destination: 'telemetry.example.net:443',
        outcome: 'failed',
        configured: false,
        count: 2,
      },
      {
        phase: 'calls',
        kind: 'tcp',
        destination: 'api.example.com:443',
        outcome: 'failed',
        configured: false,
        count: 1,
      },
      {
        phase: 'start',
        kind: 'dns',
        destination: 'update.example.org',
        outcome: 'failed',
        configured: false,
        count: 1,
      },
    ]);
  });

  it('leaves out a server talking to itself on the sandbox’s loopback, but not a refused loopback connection', () => {
    const lines = parseWatchLines(
      [
        line({ t: 150, kind: 'tcp', id: '1:1', host: '127.0.0.1', port: 9000 }),
        line({ t: 151, kind: 'tcp-result', id: '1:1', outcome: 'connected' }),
        line({ t: 152, kind: 'tcp', id: '1:2', host: 'localhost', port: 5432 }),
        line({ t: 153, kind: 'tcp-result', id: '1:2', outcome: 'failed' }),
        line({ t: 154, kind: 'dns', host: 'localhost' }),
        line({ t: 155, kind: 'udp', host: '127.0.0.1', port: 53 }),
      ].join('\n'),
    );
    expect(networkAttempts(lines, timeline, [], [], false)).toEqual([
      expect.objectContaining({ destination: 'localhost:5432', outcome: 'failed' }),
    ]);
  });

  it('marks hosts the contributor configured, and takes the install proxy’s log as fetch and scripts attempts', () => {
    const lines = parseWatchLines(line({ t: 150, kind: 'tcp', id: '1:1', host: 'db.internal', port: 5432 }));
    const proxy = [
      { host: 'registry.npmjs.org', port: 443, allowed: true, step: 'fetch' },
      { host: 'collector.example.net', port: 443, allowed: false, step: 'scripts' },
    ];
    expect(networkAttempts(lines, timeline, proxy, ['postgres://u:p@db.internal:5432/app'], false)).toEqual([
      expect.objectContaining({
        phase: 'fetch',
        kind: 'proxy',
        destination: 'registry.npmjs.org:443',
        outcome: 'allowed',
      }),
      expect.objectContaining({
        phase: 'scripts',
        kind: 'proxy',
        destination: 'collector.example.net:443',
        outcome: 'denied',
      }),
      expect.objectContaining({ phase: 'start', destination: 'db.internal:5432', configured: true }),
    ]);
  });

  it('knows loopback names and addresses, and what counts as configured', () => {
    for (const host of ['localhost', 'app.localhost', '127.0.0.53', '::1', '[::1]', '0.0.0.0'])
      expect(isLoopback(host)).toBe(true);
    for (const host of ['10.0.0.1', '169.254.169.254', 'example.com', '128.0.0.1'])
      expect(isLoopback(host)).toBe(false);
    expect(configuredHost('API.example.com', ['https://api.example.com/v1'])).toBe(true);
    expect(configuredHost('evil.example.net', ['https://api.example.com/v1'])).toBe(false);
    expect(configuredHost('', ['anything'])).toBe(false);
  });
});
