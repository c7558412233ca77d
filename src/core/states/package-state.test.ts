import { describe, expect, it } from 'vitest';
import type { PackageAggregate } from '../aggregate/package-aggregate.ts';
import type { CheckResult, PackageFile } from '../types.ts';
import { packageState, partialReason } from './package-state.ts';

const NO_LISTING =
  'No listing answered on any of 8 connection(s), so there were no definitions to read (connection 1, claude-code: started, but could not list: tools/list: MCP error -32603: Failed to list tools: Network error: fetch failed). The server may need the network or credentials to list its tools.';

/** The security checks of @fhirfly-io/mcp-server 0.9.0, whose tools/list needs the network. */
const checks: CheckResult[] = [
  ...['SEC-01', 'SEC-02', 'SEC-03', 'SEC-04', 'SEC-05', 'SEC-06', 'SEC-11', 'SEC-12', 'SEC-14'].map(
    (id): CheckResult => ({
      id,
      dimension: 'security',
      severity: 'high',
      status: 'not_run',
      message: NO_LISTING,
    }),
  ),
  {
    id: 'SEC-08',
    dimension: 'security',
    severity: 'high',
    status: 'not_run',
    message: 'Needs an advisory database (OSV), which this evaluator does not query.',
  },
  { id: 'SEC-09', dimension: 'security', severity: 'high', status: 'pass', message: 'No install scripts.' },
];

describe('partialReason', () => {
  it('is what most of the security checks that did not run say', () => {
    expect(partialReason(checks)).toBe(NO_LISTING);
  });

  it('is nothing when no reason is shared by two checks', () => {
    expect(partialReason(checks.slice(-2))).toBeNull();
  });
});

describe('a package whose only evaluation covered too few checks', () => {
  const pkg = { id: 'fhirfly-io-mcp-server', kind: 'mcp-server' } as PackageFile;
  const aggregate = { status: 'none', evaluations: [{ status: 'partial' }] } as unknown as PackageAggregate;

  it('says why, from the newest evaluation', () => {
    const state = packageState(pkg, aggregate, [], Date.parse('2026-11-26T12:00:00Z'), null, NO_LISTING);
    expect(state.status).toBe('Not yet evaluated');
    expect(state.reasons[0]?.text).toBe(
      `Evaluations so far covered too few checks to publish a score. The newest: ${NO_LISTING}`,
    );
  });
});

describe('a package scored under an earlier rubric', () => {
  const pkg = { id: 'server-memory', kind: 'mcp-server', version: '2026.1.26' } as PackageFile;
  const aggregate = {
    status: 'scored',
    scoredVersion: '2026.1.26',
    lastEvaluatedAt: '2026-11-27T10:00:00Z',
    evaluations: [],
  } as unknown as PackageAggregate;
  const asOf = Date.parse('2026-11-28T10:00:00Z');
  const reasons = (version: string, judged: boolean) =>
    packageState(pkg, aggregate, [{ version, judged }], asOf).reasons.map((reason) => reason.text);

  it('stands when every later release changed only judged checks and no judge ran in it', () => {
    expect(reasons('2.4', false)).toEqual([]);
  });

  it('goes back to be evaluated again when a judge ran in it, or when a later release changed more', () => {
    expect(reasons('2.4', true)).toEqual(['Scored under rubric 2.4; the current rubric is 2.5.']);
    expect(reasons('2.3', false)).toEqual(['Scored under rubric 2.3; the current rubric is 2.5.']);
    expect(reasons('9.9', false)).toEqual(['Scored under rubric 9.9; the current rubric is 2.5.']);
  });

  it('stands for a skill judged under 2.4, since 2.5 changed only what the MCP server judge reads', () => {
    const skill = { ...pkg, kind: 'skill' } as PackageFile;
    expect(packageState(skill, aggregate, [{ version: '2.4', judged: true }], asOf).reasons).toEqual([]);
  });
});
