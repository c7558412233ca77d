import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import type { PackageRecord } from '../catalogue/catalogue-types.ts';
import { agentGuideFor } from './agent-guide.ts';

/** An evaluated MCP server with good scores, confirmed by three evaluators. */
function evaluated(overrides: Partial<PackageRecord> = {}): PackageRecord {
  return packageRecord({
    name: 'Browser Tools',
    description: 'Drives a browser.',
    af_score: 86.2,
    security_score: 88,
    reliability_score: 95,
    grade: 'B',
    evaluation_status: 'Evaluated',
    confidence: 'consensus',
    ...overrides,
  });
}

describe('agentGuideFor', () => {
  it('says use when scores are good and no serious check failed', () => {
    expect(agentGuideFor(evaluated()).recommendation).toBe('use');
  });

  it('says use with care when a high-severity security check failed, whatever the scores', () => {
    const guide = agentGuideFor(
      evaluated({ checks: [{ id: 'SEC-07', status: 'fail', message: '1 credential-shaped string' }] }),
    );
    expect(guide.recommendation).toBe('use-with-care');
    expect(guide.reasons).toContain('Security check SEC-07 (high) failed: No hard-coded secrets.');
    expect(guide.cautions[0]).toMatchObject({ check: 'SEC-07', severity: 'high' });
  });

  it('leaves a partial security finding to the cautions', () => {
    const partial = agentGuideFor(evaluated({ checks: [{ id: 'SEC-07', status: 'partial', value: 0.5 }] }));
    expect(partial.recommendation).toBe('use');
  });

  it('says avoid for a critical finding and unknown without a score', () => {
    expect(agentGuideFor(evaluated({ flags: ['critical-security-finding'] })).recommendation).toBe('avoid');
    expect(
      agentGuideFor(evaluated({ af_score: null, evaluation_status: 'Not yet evaluated' })).recommendation,
    ).toBe('unknown');
  });
});
