import { describe, expect, it } from 'vitest';
import { capNotes, capsInWords } from './caps.ts';

describe('capNotes', () => {
  it('names a cap and explains it in words, from the rubric', () => {
    const [note] = capNotes(['no-licence']);
    expect(note).toMatchObject({ id: 'no-licence', title: 'No licence', maxAfScore: 60, unrunnable: false });
    expect(note!.description).toContain('af score is capped at 60');
    expect(note!.description).not.toContain('_score');
    expect(note!.triggeredBy).toContain('LIC-01');
  });

  it('still says something about a cap this rubric does not know', () => {
    expect(capNotes(['future-cap'])[0]).toMatchObject({ title: 'Future cap', maxAfScore: null });
    expect(capsInWords(['no-licence', 'critical-security-finding'])).toBe(
      'capped: no licence, critical security finding',
    );
  });
});
