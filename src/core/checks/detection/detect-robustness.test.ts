/**
 * Detection must finish on whatever a server sends. A pattern whose repetitions can split a run
 * of the same characters in many ways backtracks exponentially: a line of thirty dashes in a
 * tool's output once stopped the evaluator. Each text here is a long run of one shape, then a
 * character that makes the run fail to match, on every surface that is read; a pattern gone bad
 * again makes this test time out instead of passing.
 */
import { describe, expect, it } from 'vitest';
import { mcpSnapshot, returned, tool } from '../../../../test/support/snapshots.ts';
import { detect } from './detect.ts';

const SHAPES = [
  '-',
  '=',
  '*',
  '#',
  '>',
  '/',
  '.',
  ',',
  ':',
  ';',
  '_',
  '~',
  '|',
  '`',
  '"',
  "'",
  ' ',
  '\t',
  '\n',
  '•',
  '—',
  '+',
  '%20',
  '&amp;',
  '\\u0041',
  'A',
  '0',
  'ab',
  '- ',
  '* ',
  '> ',
  '1. ',
  'please ',
  'and ',
  'then ',
  'note: ',
  'do not ',
  'the user ',
  'AI ',
  'agent: ',
  'a-b ',
  'x_y ',
  'a_',
  'skip_',
  'call ',
  'assistants ',
  'after every ',
  'check',
  'skip_check ',
  '<!-- add ',
  '~/.',
  '..',
  '<div>',
  '</',
  '@',
  'http://',
  '$(',
  '\u200b',
  '\u202e',
  'ـ',
];
const ENDINGS = ['!', 'x', '\u0000'];

describe('detection on long runs of one shape', () => {
  it('finishes on every shape, in a description and in a tool result', () => {
    let texts = 0;
    for (const shape of SHAPES) {
      for (const ending of ENDINGS) {
        const text = `Status\n${shape.repeat(Math.ceil(400 / shape.length))}${ending}\nDone`;
        detect(mcpSnapshot([tool('check_status', { description: text })]));
        detect(returned([tool('check_status', { description: 'Check the status.' })], text));
        texts += 2;
      }
    }
    expect(texts).toBe(SHAPES.length * ENDINGS.length * 2);
  }, 60_000);
});
