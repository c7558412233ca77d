/**
 * A server that starts but whose tools/list fails on every connection (as
 * @fhirfly-io/mcp-server 0.x does without the network: "Failed to list tools: Network error: fetch
 * failed") offers the evaluator nothing to read. Its empty lists must not be scanned as if the
 * server had no tools: that would grade a server A on a surface nobody saw, and a hostile server
 * could hide every tool from the sandbox that way. The checks that read definitions are not run,
 * with the reason, and security is then too thinly covered to score.
 */
import { describe, expect, it } from 'vitest';
import { mcpSnapshotChecks } from '../src/core/checks/server/snapshot-checks.ts';
import { probeServer, type ServerLauncher } from '../src/evaluator/mcp-probe.ts';
import { handWritten } from './support/hand-written-server.ts';

const FETCH_FAILED = { code: -32603, message: 'Failed to list tools: Network error: fetch failed' };
const ECONNREFUSED = { code: -32603, message: 'connect ECONNREFUSED 127.0.0.1:5432' };
const REPORT = {
  uri: 'postgres://localhost/reports/schema',
  name: 'reports schema',
  mimeType: 'application/json',
};
const TOOL = {
  name: 'lookup_code',
  description: 'Look up a clinical code (ICD-10, LOINC, RxNorm) and return its display name.',
  inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
};

describe('a server whose listings fail', () => {
  it('leaves every connection out, and the checks that read definitions say why instead of passing', async () => {
    const server = handWritten({ tools: {} }, {}, { 'tools/list': FETCH_FAILED });
    const result = await probeServer(server, () => {}, { notificationGraceMs: 20 });
    const snapshot = result.snapshot!;
    expect(snapshot.faces).toEqual([]);
    expect(snapshot.unreached?.map((face) => face.connection)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(snapshot.unreached?.[0]?.error).toContain('fetch failed');
    const checks = mcpSnapshotChecks(snapshot);
    for (const id of ['SEC-01', 'SEC-02', 'SEC-03', 'SEC-04', 'SEC-05', 'SEC-06', 'INT-01', 'EFF-02']) {
      const check = checks.find((result) => result.id === id);
      expect(check, id).toMatchObject({ status: 'not_run' });
      expect(check?.message, id).toMatch(/No listing answered on any of 8 connection\(s\).*fetch failed/);
    }
  }, 60_000);

  it('takes its definitions from the first connection that could list, when only the first failed', async () => {
    const failing = handWritten({ tools: {} }, {}, { 'tools/list': FETCH_FAILED });
    const answering = handWritten({ tools: {} }, { 'tools/list': { tools: [TOOL] } });
    let opened = 0;
    const launcher: ServerLauncher = {
      transport: 'stdio',
      open() {
        opened += 1;
        return opened === 1 ? failing.open() : answering.open();
      },
    };
    const result = await probeServer(launcher, () => {}, { notificationGraceMs: 20 });
    const snapshot = result.snapshot!;
    expect(snapshot.tools.map((tool) => tool.name)).toEqual(['lookup_code']);
    expect(snapshot.faces?.[0]?.connection).toBe(2);
    expect(snapshot.unreached?.map((face) => face.connection)).toEqual([1]);
    expect(mcpSnapshotChecks(snapshot).find((check) => check.id === 'SEC-02')?.status).toBe('pass');
  }, 60_000);

  it('keeps the tools of a server whose resources/list needs a database the sandbox cannot reach', async () => {
    // As @modelcontextprotocol/server-postgres does in the sandbox: tools/list answers, resources/list
    // fails on every connection with the connection it could not open.
    const server = handWritten(
      { tools: {}, resources: {} },
      { 'tools/list': { tools: [TOOL] } },
      { 'resources/list': ECONNREFUSED },
    );
    const progress: string[] = [];
    const result = await probeServer(server, (line) => progress.push(line), { notificationGraceMs: 20 });
    const snapshot = result.snapshot!;
    expect(snapshot.unreached).toBeUndefined();
    expect(snapshot.faces).toHaveLength(9);
    expect(snapshot.tools.map((tool) => tool.name)).toEqual(['lookup_code']);
    expect(snapshot.unlisted).toEqual(['resources/list']);
    expect(progress).toContain(
      'connection 1: resources/list failed (MCP error -32603: connect ECONNREFUSED 127.0.0.1:5432); not compared',
    );
    const checks = mcpSnapshotChecks(snapshot);
    expect(checks.find((check) => check.id === 'SEC-02')?.status).toBe('pass');
    expect(checks.find((check) => check.id === 'SEC-06')).toMatchObject({
      status: 'pass',
      message: expect.stringMatching(/resources\/list failed on every listing, so it was not compared\.$/),
    });
  }, 60_000);

  it('gives SEC-06 half credit, not a failure, when resources/list fails on one connection only', async () => {
    const answering = handWritten(
      { tools: {}, resources: {} },
      { 'tools/list': { tools: [TOOL] }, 'resources/list': { resources: [REPORT] } },
    );
    const failing = handWritten(
      { tools: {}, resources: {} },
      { 'tools/list': { tools: [TOOL] } },
      { 'resources/list': ECONNREFUSED },
    );
    let opened = 0;
    const launcher: ServerLauncher = {
      transport: 'stdio',
      open() {
        opened += 1;
        return opened === 3 ? failing.open() : answering.open();
      },
    };
    const result = await probeServer(launcher, () => {}, { notificationGraceMs: 20 });
    const sec06 = mcpSnapshotChecks(result.snapshot!).find((check) => check.id === 'SEC-06');
    expect(sec06).toMatchObject({ status: 'partial', value: 0.5 });
    expect(sec06?.evidence?.map((item) => item.face)).toEqual(['claude-code, connection 3']);
  }, 60_000);
});
