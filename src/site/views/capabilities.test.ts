import { expect, it } from 'vitest';
import { capabilityLines } from './capabilities.ts';

it('says what a package can do in plain words, naming a few of the tools', () => {
  expect(
    capabilityLines([
      { id: 'runs-code', shown_by: ['start_process', 'interact_with_process', 'a', 'b', 'c'] },
      { id: 'read-only', shown_by: ['query'] },
    ]),
  ).toEqual([
    {
      id: 'runs-code',
      title: 'Runs commands or code',
      shownBy: 'start_process, interact_with_process, a and 2 more',
      tone: 'risk',
    },
    { id: 'read-only', title: 'Only reads: every tool is marked read-only', shownBy: 'query', tone: 'safe' },
  ]);
});
