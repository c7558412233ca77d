import { describe, expect, it } from 'vitest';
import {
  classifyStartFailure,
  failureLabel,
  firstErrorLine,
  type StartObservation,
} from './start-failure.ts';

const exited = (stderr: string, stdout: string[] = [], code = 1): StartObservation => ({
  clientError: 'MCP error -32000: Connection closed',
  timedOut: false,
  waitedMs: 10_000,
  exit: { code, signal: null },
  stderr,
  stdout,
});

/** A minified bundle's stack trace, as real servers print after their message. */
const LONG_TRACE = Array.from(
  { length: 30 },
  (_, index) =>
    `    at Object.<anonymous> (/app/node_modules/pkg/dist/index.js:${index + 1}:${'9'.repeat(5)})`,
).join('\n');

describe('classifyStartFailure', () => {
  it('names a missing variable from the line that says so, however long the trace after it', () => {
    const found = classifyStartFailure(
      exited(
        `file:///sandbox/node_modules/@hubspot/mcp-server/dist/index.js:42\n            throw new Error('HubSpot access token is required. Set PRIVATE_APP_ACCESS_TOKEN in your environment variables and retry.');\n\nError: HubSpot access token is required. Set PRIVATE_APP_ACCESS_TOKEN in your environment variables and retry.\n${LONG_TRACE}\n\nNode.js v22.23.3`,
      ),
    );
    expect(found).toMatchObject({ class: 'missing-variable', variable: 'PRIVATE_APP_ACCESS_TOKEN' });
    expect(found.reason).toContain('exited with code 1');
    expect(found.reason).toContain('PRIVATE_APP_ACCESS_TOKEN');
    expect(found.advice).toContain('--env PRIVATE_APP_ACCESS_TOKEN=');
    expect(failureLabel(found)).toBe('missing variable PRIVATE_APP_ACCESS_TOKEN');
  });

  it('strips colour codes from what it quotes', () => {
    const found = classifyStartFailure(
      exited('\u001b[31m\u001b[1mError:\u001b[22m GITHUB_TOKEN environment variable is not set\u001b[39m'),
    );
    expect(found.variable).toBe('GITHUB_TOKEN');
    expect(found.quote).toBe('Error: GITHUB_TOKEN environment variable is not set');
  });

  it('takes a required option that argument parsers report as needing arguments, not as a plain exit', () => {
    // expo-mcp 0.2.4 (commander) and a yargs server, as they print it.
    const commander = classifyStartFailure(
      exited("error: required option '--dev-server-url <devServerUrl>' not specified"),
    );
    expect(commander.class).toBe('needs-arguments');
    expect(commander.quote).toBe("error: required option '--dev-server-url <devServerUrl>' not specified");
    expect(commander.advice).not.toContain('--env');
    expect(classifyStartFailure(exited('Missing required argument: project')).class).toBe('needs-arguments');
    expect(classifyStartFailure(exited("error: unknown option '--stdio'")).class).toBe('needs-arguments');
  });

  it('quotes the cause along with a line that only introduces it', () => {
    // The heading is what @stripe/mcp 0.3.3 printed; the line after it here is made up.
    const found = classifyStartFailure(
      exited('🚨  Error initializing Stripe MCP server:\n   Invalid API key provided: STRIPE_***KEY\n'),
    );
    expect(found.class).toBe('exited');
    expect(found.quote).toBe(
      '🚨  Error initializing Stripe MCP server: Invalid API key provided: STRIPE_***KEY',
    );
    expect(firstErrorLine('Error:\n')).toBe('Error:');
  });

  it('takes usage printed on stdout for a server that needs a subcommand', () => {
    const found = classifyStartFailure(
      exited('', ['USAGE', '  mcp start [--api-key value] [--server-url value]', '  mcp --help'], 1),
    );
    expect(found.class).toBe('needs-arguments');
    expect(found.reason).toContain('stdout: "USAGE"');
    expect(found.advice).toMatch(/packageArguments|after --/);
    expect(found.advice).not.toContain('--env');
  });

  it('takes a server that announces an HTTP address and keeps running for an HTTP-only server', () => {
    const found = classifyStartFailure({
      clientError: 'initialize took longer than 30 s',
      timedOut: true,
      waitedMs: 30_000,
      exit: null,
      stderr: '',
      stdout: ['MCP server listening on http://localhost:3001/mcp'],
    });
    expect(found.class).toBe('http-only');
    expect(found.reason).toContain('did not answer initialize within 30 s');
    expect(found.reason).toContain('http://localhost:3001/mcp');
    expect(found.advice).toContain('--stdio');
  });

  it('over HTTP: a running server with nothing MCP at the address is told apart from a hang', () => {
    const endpoint = classifyStartFailure({
      clientError: 'Streamable HTTP error: Error POSTing to endpoint: Cannot POST /mcp',
      timedOut: false,
      waitedMs: 10_000,
      exit: null,
      stderr: '',
      stdout: ['Server listening on http://localhost:8080/api'],
      url: 'http://localhost:8080/mcp',
    });
    expect(endpoint.class).toBe('http-endpoint');
    expect(endpoint.quote).toBe('Server listening on http://localhost:8080/api');
    expect(endpoint.reason).toContain('http://localhost:8080/mcp did not answer initialize');
    expect(endpoint.advice).toContain('transport.url');
    expect(failureLabel(endpoint)).toBe('no MCP endpoint at its HTTP address');
    const hang = classifyStartFailure({
      clientError: 'initialize took longer than 10 s',
      timedOut: true,
      waitedMs: 10_000,
      exit: null,
      stderr: '',
      stdout: ['Listening on http://localhost:9090/mcp'],
      url: 'http://localhost:8080/mcp',
    });
    // Started for HTTP already: "it serves HTTP" is no news; where it listens is.
    expect(hang.class).toBe('timed-out');
    expect(hang.reason).toContain('did not answer initialize at http://localhost:8080/mcp within 10 s');
    expect(hang.advice).toContain('PORT');
  });

  it('says how long it waited when a server just hangs', () => {
    const found = classifyStartFailure({
      clientError: 'initialize took longer than 30 s',
      timedOut: true,
      waitedMs: 30_000,
      exit: null,
      stderr: '(node:12) ExperimentalWarning: something\nWaiting for browser login…',
      stdout: [],
    });
    expect(found.class).toBe('timed-out');
    expect(found.reason).toBe(
      'The server did not answer initialize within 30 s; stderr: "Waiting for browser login…"',
    );
    expect(failureLabel(found)).toBe('timed out in initialize');
  });

  it('recognises a Python launcher and a missing native binding', () => {
    expect(classifyStartFailure(exited('sh: 1: uvx: not found', [], 127))).toMatchObject({
      class: 'needs-runtime',
      runtime: 'uv',
    });
    expect(
      classifyStartFailure(
        exited("Error: Cannot find module '../build/Release/keytar.node'\nRequire stack:"),
      ),
    ).toMatchObject({ class: 'native-module' });
    expect(
      classifyStartFailure(
        exited("Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'zod' imported from /x.js"),
      ),
    ).toMatchObject({ class: 'missing-module' });
  });

  it('quotes the first error line, not the tail, for any other exit', () => {
    const found = classifyStartFailure(
      exited(
        `Starting server…\nTypeError: Cannot read properties of undefined (reading 'split')\n${LONG_TRACE}`,
      ),
    );
    expect(found.class).toBe('exited');
    expect(found.quote).toBe("TypeError: Cannot read properties of undefined (reading 'split')");
  });

  it('tells a signal from an exit, and says so when nothing was printed', () => {
    expect(classifyStartFailure({ ...exited(''), exit: { code: null, signal: 'SIGKILL' } }).reason).toBe(
      'The server was killed by SIGKILL before answering initialize.',
    );
    expect(classifyStartFailure({ ...exited(''), exit: null }).class).toBe('closed');
  });

  it('does not take error codes or Node settings for variables', () => {
    expect(
      classifyStartFailure(exited('Error: listen EADDRINUSE required port in use, NODE_OPTIONS ignored'))
        .class,
    ).toBe('exited');
  });
});

describe('firstErrorLine', () => {
  it('skips warnings and stack frames', () => {
    expect(
      firstErrorLine(
        '(node:1) [DEP0040] DeprecationWarning: punycode\n    at foo (x.js:1:1)\nError: boom\n    at bar',
      ),
    ).toBe('Error: boom');
  });
});
