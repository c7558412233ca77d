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
