import { describe, expect, it } from 'vitest';
import type { SnapshotTool } from '../core/checks/snapshot.ts';
import {
  type ExplorePolicy,
  invalidArgumentsProbe,
  isSafeToCall,
  mayCallLast,
  mayExplore,
} from './probe-calls.ts';

function tool(name: string, annotations: SnapshotTool['annotations'] = {}): SnapshotTool {
  return {
    name,
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    annotations,
  };
}

/** When the probe may call a tool: smoke call, first-connection exploration, last-connection call, or never. */
function when(item: SnapshotTool, policy: ExplorePolicy): string {
  if (isSafeToCall(item, policy)) return 'smoke';
  if (mayExplore(item, policy)) return 'explore';
  if (mayCallLast(item, policy)) return 'last';
  return 'never';
}

const READ_ONLY = { readOnlyHint: true };

describe('which tools the probe calls, in the sandbox without network', () => {
  it.each([
    ['get_order', {}, 'explore'],
    ['list_deleted_items', {}, 'explore'],
    ['lookup_weather', READ_ONLY, 'smoke'],
    ['create_ticket', {}, 'last'],
    ['slack_post_message', {}, 'last'],
    ['run_query', READ_ONLY, 'smoke'],
    ['delete_file', {}, 'never'],
    ['jira_delete_issue', {}, 'never'],
    ['stripe_cancel_subscription', {}, 'never'],
    ['transfer_funds', {}, 'explore'],
    ['pay_invoice', {}, 'explore'],
    ['rollback_deployment', {}, 'never'],
    ['update_or_delete_record', {}, 'never'],
    ['drop_table', READ_ONLY, 'never'],
    ['annotate_image', { destructiveHint: true }, 'never'],
    ['get_and_delete', READ_ONLY, 'never'],
    ['query_delete_rows', {}, 'never'],
    ['lookup_and_pay', {}, 'explore'],
    ['export_timesheets', {}, 'explore'],
    ['delete2Files', {}, 'never'],
    ['redis_flushall', {}, 'never'],
    ['get_and_send_report', {}, 'last'],
    ['review_purchase_orders', READ_ONLY, 'smoke'],
    ['bank_transfer', {}, 'explore'],
    ['search_and_replace', {}, 'last'],
    // A calculator changes nothing: it is explored like any read, not kept for the end.
    ['add_numbers', {}, 'explore'],
    ['addTwoNumbers', {}, 'explore'],
    ['add_user', {}, 'last'],
    // A memory store's bare `add` and a vector database's `add_vectors` write.
    ['add', {}, 'last'],
    ['add_vectors', {}, 'last'],
  ] as const)('%s %o: %s', (name, annotations, expected) => {
    expect(when(tool(name, annotations), 'non-destructive')).toBe(expected);
  });
});

describe('which tools the probe calls with the network on or for a remote server', () => {
  it.each([
    ['lookup_weather', READ_ONLY, 'smoke'],
    ['get_order', {}, 'never'],
    ['get_order', READ_ONLY, 'smoke'],
    // A read-only annotation is the server's word: a name that says it sends or runs is not called on it.
    ['send_email', READ_ONLY, 'never'],
    ['run_query', READ_ONLY, 'never'],
    ['create_ticket', {}, 'never'],
    ['delete_file', READ_ONLY, 'never'],
    ['get_and_delete', READ_ONLY, 'never'],
    ['search_and_replace', READ_ONLY, 'never'],
    ['pay_invoice', READ_ONLY, 'never'],
    ['approve_po', READ_ONLY, 'never'],
    ['review_purchase_orders', READ_ONLY, 'smoke'],
    ['add_numbers', READ_ONLY, 'smoke'],
    ['add_user', READ_ONLY, 'never'],
    ['add', READ_ONLY, 'never'],
  ] as const)('%s %o: %s', (name, annotations, expected) => {
    expect(when(tool(name, annotations), 'read-only')).toBe(expected);
  });

  it('sends invalid arguments to a tool that may delete only in the sandbox without network', () => {
    const tools = [tool('delete_repo'), tool('get_repo', READ_ONLY)];
    expect(invalidArgumentsProbe(tools, 'read-only')?.tool.name).toBe('get_repo');
    expect(invalidArgumentsProbe([tool('delete_repo')], 'read-only')).toBeNull();
    expect(invalidArgumentsProbe([tool('delete_repo')], 'non-destructive')?.tool.name).toBe('delete_repo');
  });
});
