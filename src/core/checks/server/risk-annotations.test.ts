import { describe, expect, it } from 'vitest';
import { mcpSnapshot, tool } from '../../../../test/support/snapshots.ts';
import { riskKinds } from '../risky-capabilities.ts';
import { checkAnnotationContradictions, checkRiskyCapabilities } from './risk-annotations.ts';

describe('risk words in names', () => {
  it('reads snake, kebab and camel case', () => {
    expect(riskKinds('delete_file')).toEqual(['destructive']);
    expect(riskKinds('sendSlackMessage')).toEqual(['send']);
    expect(riskKinds('fetch-url')).toEqual(['fetch']);
    expect(riskKinds('list_files')).toEqual([]);
    expect(riskKinds('file_delete')).toEqual(['destructive']);
    expect(riskKinds('get_post')).toEqual([]);
    expect(riskKinds('get-annotated-message')).toEqual([]);
  });

  it('reads cancelling as destructive: a cancelled booking or order is not undone by another call', () => {
    expect(riskKinds('cancel_booking')).toEqual(['destructive']);
    expect(riskKinds('booking_cancel')).toEqual(['destructive']);
    expect(riskKinds('cancel-calendar-event')).toEqual(['destructive']);
  });
});

describe('SEC-11', () => {
  it('grades the share of risky tools that declare their hints', () => {
    const result = checkRiskyCapabilities(
      mcpSnapshot([
        tool('delete_file', { annotations: { readOnlyHint: false, destructiveHint: true } }),
        tool('send_email'),
        tool('list_files'),
      ]),
    );
    expect(result).toMatchObject({
      status: 'partial',
      value: 0.5,
      evidence: [{ location: '/tools/1/annotations' }],
    });
  });

  it('does not apply without risky names', () => {
    expect(checkRiskyCapabilities(mcpSnapshot([tool('list_files')])).status).toBe('not_applicable');
  });
});

describe('SEC-12', () => {
  it('fails a write-named tool that claims to be read-only', () => {
    const result = checkAnnotationContradictions(
      mcpSnapshot([tool('create_issue', { annotations: { readOnlyHint: true } })]),
    );
    expect(result).toMatchObject({
      status: 'fail',
      evidence: [{ location: '/tools/0/annotations/readOnlyHint' }],
    });
  });

  it('accepts read-only fetches and queries', () => {
    const snapshot = mcpSnapshot([
      tool('fetch_page', { annotations: { readOnlyHint: true } }),
      tool('run_query', { annotations: { readOnlyHint: true } }),
    ]);
    expect(checkAnnotationContradictions(snapshot).status).toBe('pass');
  });
});
