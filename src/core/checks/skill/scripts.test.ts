import { describe, expect, it } from 'vitest';
import { skillSnapshot } from '../../../../test/support/snapshots.ts';
import { checkScriptSyntax, skillScripts } from './scripts.ts';

describe('SKL-R03', () => {
  it('finds scripts by extension or shebang', () => {
    const snapshot = skillSnapshot('s', {
      'SKILL.md': '# A',
      'scripts/a.py': 'print(1)',
      'scripts/b': '#!/usr/bin/env bash\necho hi',
      'scripts/c.mjs': '',
      'notes.txt': '#!not a script',
    });
    expect(skillScripts(snapshot)).toEqual([
      { path: 'scripts/a.py', interpreter: 'python' },
      { path: 'scripts/b', interpreter: 'bash' },
      { path: 'scripts/c.mjs', interpreter: 'node' },
    ]);
  });

  it('grades parsed scripts and leaves unchecked ones out', () => {
    expect(checkScriptSyntax([]).status).toBe('not_applicable');
    expect(checkScriptSyntax([{ path: 'a.py', interpreter: 'python', outcome: 'unchecked' }]).status).toBe(
      'not_run',
    );
    const result = checkScriptSyntax([
      { path: 'a.py', interpreter: 'python', outcome: 'ok' },
      { path: 'b.sh', interpreter: 'bash', outcome: 'error', detail: 'line 2: syntax error' },
      { path: 'c.py', interpreter: 'python', outcome: 'unchecked' },
    ]);
    expect(result).toMatchObject({
      status: 'partial',
      value: 0.5,
      message: '1 of 2 scripts parse. 1 could not be checked (no interpreter).',
    });
  });
});
