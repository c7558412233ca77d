import { describe, expect, it } from 'vitest';
import { hostileRecord } from '../../../test/support/hostile-record.ts';
import { evaluationPlan, shellWord } from './evaluation-plan.ts';

describe('evaluationPlan', () => {
  it('quotes anything from the package file that goes into a command', () => {
    const plan = evaluationPlan(hostileRecord());
    const [npm, pypi, remote] = plan.targets;
    expect(npm!.command).toBe(
      `npx afscore evaluate 'npm:@example/evil-server@1.0.0'\\''; rm -rf ~; echo '\\''' --package-id evil-server`,
    );
    // A version that is not plain stays out of the command line the evaluator runs.
    expect(pypi!.command).toBe(
      `npx afscore evaluate 'stdio:uvx evil-server' --package-id evil-server --network`,
    );
    expect(remote!.command).toBe(
      `npx afscore evaluate 'https://evil.example/mcp?a=1&b=2' --package-id evil-server`,
    );
  });

  it('lists the checks of the kind and where the document goes', () => {
    const plan = evaluationPlan(hostileRecord({ kind: 'skill', distribution: { skill: 'skills/evil' } }));
    expect(plan.checks.every((check) => !check.id.startsWith('SEC-'))).toBe(true);
    expect(plan.targets).toEqual([
      {
        artifact: 'git:https://github.com/example/evil-server#skills/evil@<commit>',
        command: 'npx afscore evaluate ./skills/evil --package-id evil-server',
      },
    ]);
    expect(plan.document_path).toBe('evaluations/evil-server/<evaluation-id>.json');
  });
});

describe('shellWord', () => {
  it('leaves plain words alone and single-quotes the rest', () => {
    expect(shellWord('npm:@scope/name@1.2.3')).toBe('npm:@scope/name@1.2.3');
    expect(shellWord("it's $(x)")).toBe(`'it'\\''s $(x)'`);
  });
});
