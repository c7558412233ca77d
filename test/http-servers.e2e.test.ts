/**
 * Streamable HTTP servers evaluated inside the sandbox (issue 20, item 3): the server is started
 * in the sandbox's own network namespace, listening on the port its launch plan chose, and the
 * MCP client outside reaches it only through the bridge's Unix socket, so the sandbox keeps no
 * network at all. A server started for stdio that announces an HTTP address is evaluated there;
 * one that announces an address with nothing MCP behind it keeps the advice that fits.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StartFailure } from '../src/core/checks/server/start-failure.ts';
import type { EvaluationDocument } from '../src/core/types.ts';
import { type EvaluateOptions, evaluate } from '../src/evaluator/evaluate.ts';
import { detectSandbox } from '../src/evaluator/sandbox/sandbox-support.ts';

const SERVERS = join(import.meta.dirname, 'fixtures', 'mcp-servers');

async function run(folder: string, extra: Partial<EvaluateOptions> = {}): Promise<EvaluationDocument> {
  const detected = detectSandbox();
  if (!detected.ok) throw new Error(detected.reason);
  return evaluate({
    target: { kind: 'folder', path: join(SERVERS, folder) },
    packageId: folder,
    contributor: 'ada-evaluates',
    relationship: 'none',
    evaluationId: randomUUID(),
    judge: null,
    env: {},
    serverArgs: [],
    now: Date.now,
    sandbox: { support: detected.support, network: false },
    startup: { startupTimeoutMs: 4_000, startupRetryTimeoutMs: 8_000 },
    ...extra,
  });
}

type Launch = Record<string, unknown> & { failure?: StartFailure };
const launchOf = (doc: EvaluationDocument) => (doc.inputs as { launch: Launch }).launch;
const check = (doc: EvaluationDocument, id: string) => doc.checks.find((item) => item.id === id)!;
const toolNames = (doc: EvaluationDocument) =>
  ((doc.inputs as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name).sort();

describe('a server whose server.json declares Streamable HTTP', () => {
  it('is started in the sealed sandbox on the port the plan chose and evaluated over HTTP', async () => {
    const doc = await run('http-notes');
    expect(doc.subject.transport).toBe('streamable-http');
    expect(check(doc, 'REL-01').status).toBe('pass');
    expect(doc.scores.status).not.toBe('unrunnable');
    expect(toolNames(doc)).toEqual(['list_notes', 'read_note', 'save_note']);
    // The PORT variable had no default: the evaluator chose the port and told the server.
    expect(launchOf(doc)).toMatchObject({
      url: 'http://localhost:8080/mcp',
      url_from: 'server.json',
      placeholders: ['PORT'],
    });
    // Nothing of the network was shared to reach it.
    expect(doc.environment?.sandbox).toMatchObject({
      tool: 'bubblewrap',
      network: 'none',
      namespaces: expect.arrayContaining(['network']),
    });
    // Exploration calls went over HTTP too (the read-only listing and the save).
    expect(doc.metrics?.tool_count).toBe(3);
  }, 180_000);
});

describe('a server that only says where it listens', () => {
  it('is started again for HTTP at the address it announced, and evaluated there', async () => {
    const doc = await run('http-announcer');
    expect(check(doc, 'REL-01').status).toBe('pass');
    expect(doc.subject.transport).toBe('streamable-http');
    expect(launchOf(doc)).toMatchObject({ url: 'http://localhost:3000/mcp', url_from: 'announced' });
    expect(toolNames(doc)).toEqual(['list_notes', 'read_note', 'save_note']);
  }, 180_000);
});

describe('the port', () => {
  it('is the one the contributor gives in the variable the plan names', async () => {
    const doc = await run('http-notes', { env: { PORT: '9090' } });
    expect(check(doc, 'REL-01').status).toBe('pass');
    expect(launchOf(doc)).toMatchObject({ url: 'http://localhost:9090/mcp', env_names: ['PORT'] });
  }, 180_000);
});
