import { describe, expect, it } from 'vitest';
import type { DataVersion } from '../live/live-data.ts';
import { answerPieces, cacheableCall, keptAnswer, mcpAnswers } from './mcp-answers.ts';
import { answerHead } from './node-bridge.ts';

const plainHead = (pairs: [string, string][]) => answerHead(pairs, { Vary: 'Origin' }, '/mcp');

const JSON_TYPE = 'application/json';

function message(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

function call(id: string | number, name = 'get_package', args: object = { id: 'pg-query' }): Buffer {
  return message({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

/** What the SDK answers: its own key order, the id last. */
function sdkAnswer(id: string | number, result: unknown): Buffer {
  return Buffer.from(JSON.stringify({ result, jsonrpc: '2.0', id }));
}

const headers = new Headers({ 'content-type': 'application/json', 'content-length': '99' });
const result = {
  content: [{ type: 'text', text: '{"id":7,"name":"pg-query"}' }],
  structuredContent: { id: 7, name: 'pg-query' },
};

describe('cacheableCall', () => {
  it('keys a read call by method, params, content type and protocol version, not by id', () => {
    const first = cacheableCall(call(1), JSON_TYPE, '2025-06-18')!;
    const second = cacheableCall(call('abc'), JSON_TYPE, '2025-06-18')!;
    expect(first.key).toBe(second.key);
    expect([first.id, second.id]).toEqual([1, 'abc']);
    expect(cacheableCall(call(1, 'get_package', { id: 'other' }), JSON_TYPE, '2025-06-18')!.key).not.toBe(
      first.key,
    );
    expect(cacheableCall(call(1), JSON_TYPE, '2025-03-26')!.key).not.toBe(first.key);
    expect(cacheableCall(call(1), JSON_TYPE, undefined)!.key).not.toBe(first.key);
    expect(cacheableCall(call(1), 'text/plain', '2025-06-18')!.key).not.toBe(first.key);
  });

  it('leaves out initialize, batches, notifications, other methods and bodies that are not JSON', () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18' },
    };
    expect(cacheableCall(message(initialize), JSON_TYPE, undefined)).toBeNull();
    expect(
      cacheableCall(message([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]), JSON_TYPE, undefined),
    ).toBeNull();
    expect(cacheableCall(message({ jsonrpc: '2.0', method: 'tools/list' }), JSON_TYPE, undefined)).toBeNull();
    expect(
      cacheableCall(message({ jsonrpc: '2.0', id: null, method: 'tools/list' }), JSON_TYPE, undefined),
    ).toBeNull();
    expect(
      cacheableCall(message({ jsonrpc: '2.0', id: 1, method: 'ping' }), JSON_TYPE, undefined),
    ).toBeNull();
    expect(
      cacheableCall(message({ jsonrpc: '1.0', id: 1, method: 'tools/list' }), JSON_TYPE, undefined),
    ).toBeNull();
    expect(cacheableCall(Buffer.from('{"jsonrpc":'), JSON_TYPE, undefined)).toBeNull();
  });
});

describe('keptAnswer and answerPieces', () => {
  it('gives back the SDK bytes for any id, even when the result holds the same id value', () => {
    const kept = keptAnswer(
      cacheableCall(call(7), JSON_TYPE, undefined)!,
      200,
      sdkAnswer(7, result),
      headers,
      plainHead,
    )!;
    expect(Buffer.concat(answerPieces(kept, 7))).toEqual(sdkAnswer(7, result));
    expect(Buffer.concat(answerPieces(kept, 'req-"2"'))).toEqual(sdkAnswer('req-"2"', result));
    expect(kept.headers).toEqual([['content-type', 'application/json']]);
    expect(kept.plainHead).toEqual({
      beforeLength: ['content-type', 'application/json', 'Vary', 'Origin'],
      afterLength: ['Content-Security-Policy', "default-src 'none'", 'X-Content-Type-Options', 'nosniff'],
    });
  });

  it('keeps nothing but a 200 result for the same id', () => {
    const made = cacheableCall(call(7), JSON_TYPE, undefined)!;
    expect(keptAnswer(made, 400, sdkAnswer(7, result), headers, plainHead)).toBeNull();
    expect(keptAnswer(made, 200, sdkAnswer(8, result), headers, plainHead)).toBeNull();
    const error = message({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'bad' } });
    expect(keptAnswer(made, 200, error, headers, plainHead)).toBeNull();
    expect(keptAnswer(made, 200, Buffer.from('not json'), headers, plainHead)).toBeNull();
  });

  it('keeps nothing when the cut would not give back the same bytes', () => {
    const made = cacheableCall(call(7), JSON_TYPE, undefined)!;
    // Written with spaces: JSON, but not the bytes JSON.stringify gives.
    const spaced = Buffer.from(`{ "result": ${JSON.stringify(result)}, "jsonrpc": "2.0", "id": 7 }`);
    expect(keptAnswer(made, 200, spaced, headers, plainHead)).toBeNull();
  });
});

describe('answerHead', () => {
  it('keeps each header where it was first given, with the last value, as Node does', () => {
    const head = answerHead(
      [
        ['content-type', 'application/json'],
        ['vary', 'Accept'],
        ['content-length', '12'],
        ['x-content-type-options', 'sniff'],
      ],
      { Vary: 'Origin' },
      '/mcp',
    );
    // Content-Length too stays where the transport put it, so a header first set after it stays after it.
    expect(head).toEqual({
      beforeLength: ['content-type', 'application/json', 'Vary', 'Origin'],
      afterLength: ['X-Content-Type-Options', 'nosniff', 'Content-Security-Policy', "default-src 'none'"],
    });
  });
});

describe('mcpAnswers', () => {
  it('is one cache per data version, bounded in bytes, least recently used out first', () => {
    const version = {} as DataVersion;
    const answers = mcpAnswers(version, 20_000);
    expect(mcpAnswers(version, 20_000)).toBe(answers);
    expect(mcpAnswers({} as DataVersion, 20_000)).not.toBe(answers);
    const made = cacheableCall(call(1), JSON_TYPE, undefined)!;
    for (let index = 0; index < 100; index++) {
      const big = { content: [{ type: 'text', text: 'x'.repeat(1_000) }], n: index };
      answers.set(`${made.key}${index}`, keptAnswer(made, 200, sdkAnswer(1, big), headers, plainHead)!);
    }
    expect(answers.calculatedSize).toBeLessThanOrEqual(20_000);
    expect(answers.size).toBeGreaterThan(5);
    expect(answers.has(`${made.key}99`)).toBe(true);
    expect(answers.has(`${made.key}0`)).toBe(false);
  });
});
