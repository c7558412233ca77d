import { describe, expect, it } from 'vitest';
import type { CliIo } from '../io.ts';
import { printSummary } from './work.ts';

describe('the summary at the end of afscore work', () => {
  it('counts what was delivered apart from what could not be evaluated', () => {
    const lines: string[] = [];
    const io = { err: (line: string) => lines.push(line) } as unknown as CliIo;
    printSummary(
      io,
      {
        taken: 18,
        delivered: 17,
        outcomes: { scored: 12, 'does not start': 5, 'could not evaluate': 1 },
        failures: [{ id: 'salesforce-mcp', reason: 'npm install was stopped by the sandbox’s wall limit' }],
        waiting: 0,
        elapsedMs: 27 * 60_000,
        stoppedBecause: 'asked to stop',
      },
      '/repo/.state/work',
    );
    expect(lines).toContain('Stopped: asked to stop.');
    expect(lines.find((line) => line.startsWith('Took '))).toMatch(
      /^Took 18 package\(s\) in .+; delivered 17 \(5 does not start, 12 scored\); 1 could not be evaluated and wait for a retry\.$/,
    );
    expect(lines).toContain(
      '  could not evaluate salesforce-mcp: npm install was stopped by the sandbox’s wall limit',
    );
  });
});
