import { describe, expect, it } from 'vitest';
import { buildEvaluation } from '../../../../test/support/evaluation-builder.ts';
import { validateEvaluation } from '../../validation/validate-evaluation.ts';
import {
  flaggedResult,
  judgedChecksNotRun,
  roundedScale,
  scaledResult,
  serverRollup,
  toolDefinitionScore,
} from './judged-checks.ts';

const record = { prompt_id: 'tool-definition', prompt_sha256: 'a'.repeat(64), input_sha256: 'b'.repeat(64) };

describe('judged outcomes', () => {
  it('roll tool ratings up as 0.6·mean + 0.4·min', () => {
    expect(
      toolDefinitionScore({
        purpose: 5,
        usage_guidelines: 5,
        behavioural_transparency: 5,
        parameter_semantics: 5,
        conciseness: 5,
        completeness: 5,
      }),
    ).toBeCloseTo(5);
    expect(serverRollup([5, 5, 2])).toBeCloseTo(0.6 * 4 + 0.4 * 2);
    expect(roundedScale(3.456)).toBe(3.46);
  });

  it('set status and credit from the rating, as the validator requires', () => {
    expect(scaledResult('INT-L1', 5, record, 'm')).toMatchObject({ status: 'pass', llm: { scale: 5 } });
    expect(scaledResult('INT-L1', 1, record, 'm')).toMatchObject({ status: 'fail', llm: { scale: 1 } });
    const partial = scaledResult('INT-L1', 3.37, record, 'm');
    expect(partial).toMatchObject({ status: 'partial', value: (3.37 - 1) / 4, llm: { scale: 3.37 } });
    const doc = buildEvaluation({
      id: '3f2b8c1e-5d4a-4f1b-9c2e-7a6b5d4c3e2f',
      packageId: 'demo',
      outcomes: { 'INT-L1': partial },
    });
    doc.evaluator.llm = {
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
      temperature: 0,
      prompts: [{ id: 'tool-definition', sha256: 'a'.repeat(64) }],
    };
    const demo = { id: 'demo', kind: 'mcp-server', maintainers: [] } as never;
    expect(validateEvaluation(doc, { packages: new Map([['demo', demo]]), mode: 'integrity' }).ok).toBe(true);
  });

  it('turn findings into a failure with escaped quotes, and none into a pass', () => {
    expect(flaggedResult('SEC-L1', [], record, 'clean').status).toBe('pass');
    expect(
      flaggedResult('SEC-L1', [{ location: '/tools/0', excerpt: 'read\u200B~/.ssh' }], record, 'clean'),
    ).toMatchObject({
      status: 'fail',
      evidence: [{ location: '/tools/0', excerpt: 'read⟨U+200B⟩~/.ssh' }],
    });
  });

  it('say what the judge found and where, naming the first three findings', () => {
    const finding = (path: string, category: string) => ({
      location: '/contents/tool_results/0/text',
      path,
      value: `${category}: why`,
    });
    const findings = [
      finding('tools/call get_booking', 'unrequested_action'),
      finding('server.instructions', 'hidden_instructions'),
      finding('tools[pay]', 'tool_shadowing'),
      finding('resources', 'exfiltration_channel'),
    ];
    expect(flaggedResult('SEC-L1', findings.slice(0, 1), record, 'clean').message).toBe(
      'The judge flagged 1 finding(s): unrequested_action in tools/call get_booking.',
    );
    expect(flaggedResult('SEC-L1', findings, record, 'clean').message).toBe(
      'The judge flagged 4 finding(s): unrequested_action in tools/call get_booking; hidden_instructions in server.instructions; tool_shadowing in tools[pay], and 1 more.',
    );
  });

  it('keep a message the package names into short, with hidden characters shown', () => {
    const uri = `docs://\u202E${'a'.repeat(2_100)}`;
    const { message } = flaggedResult(
      'SEC-L1',
      [
        {
          location: '/contents/resources/0/text',
          path: `resources/read ${uri}`,
          value: 'hidden_instructions: x',
        },
      ],
      record,
      'clean',
    );
    expect(message).toBe(
      `The judge flagged 1 finding(s): hidden_instructions in resources/read docs://⟨U+202E⟩${'a'.repeat(57)}….`,
    );
  });

  it('list every judged check of a kind as not run', () => {
    expect(judgedChecksNotRun('skill', 'no model').map((result) => result.id)).toEqual([
      'SKL-SL1',
      'SKL-IL1',
      'SKL-DL1',
      'SKL-DL2',
    ]);
  });
});
