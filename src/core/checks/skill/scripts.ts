/**
 * SKL-R03: a skill's scripts parse. Which files are scripts, and with which interpreter, is
 * decided here from the snapshot; the evaluator runs the syntax checks (bash -n, node --check,
 * a Python AST parse) and this checks what they reported.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { countOf, graded, notApplicable, notRun } from '../results.ts';
import type { SkillFile, SkillSnapshot } from '../snapshot.ts';

export type Interpreter = 'bash' | 'python' | 'node';

export interface ScriptSyntax {
  path: string;
  interpreter: Interpreter;
  outcome: 'ok' | 'error' | 'unchecked';
  detail?: string;
}

const BY_EXTENSION: Readonly<Record<string, Interpreter>> = {
  sh: 'bash',
  bash: 'bash',
  py: 'python',
  js: 'node',
  mjs: 'node',
  cjs: 'node',
};

function interpreterOf(file: SkillFile): Interpreter | null {
  const extension = /\.([a-z]+)$/i.exec(file.path)?.[1]?.toLowerCase();
  if (extension && BY_EXTENSION[extension]) return BY_EXTENSION[extension];
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(file.text ?? '');
  if (!shebang) return null;
  const program = (shebang[1]!.endsWith('/env') ? (shebang[2] ?? '') : shebang[1]!).split('/').pop() ?? '';
  if (/^(?:ba|da|z)?sh$/.test(program)) return 'bash';
  if (/^python[\d.]*$/.test(program)) return 'python';
  if (program === 'node') return 'node';
  return null;
}

export function skillScripts(snapshot: SkillSnapshot): { path: string; interpreter: Interpreter }[] {
  return snapshot.files.flatMap((file) => {
    const interpreter = interpreterOf(file);
    return interpreter ? [{ path: file.path, interpreter }] : [];
  });
}

export function checkScriptSyntax(results: readonly ScriptSyntax[]): CheckResult {
  if (results.length === 0) return notApplicable('SKL-R03', 'The skill has no scripts.');
  const checked = results.filter((result) => result.outcome !== 'unchecked');
  if (checked.length === 0) {
    return notRun(
      'SKL-R03',
      `No interpreter to check ${results.map((result) => result.interpreter).join(', ')} scripts with.`,
    );
  }
  const evidence: Evidence[] = checked
    .filter((result) => result.outcome === 'error')
    .map((result) => ({
      location: result.path,
      excerpt: (result.detail ?? '').slice(0, 300),
      value: `${result.interpreter} syntax error`,
    }));
  const good = checked.length - evidence.length;
  const unchecked = results.length - checked.length;
  const note = unchecked > 0 ? ` ${unchecked} could not be checked (no interpreter).` : '';
  return graded(
    'SKL-R03',
    good / checked.length,
    `${countOf(good, checked.length, 'scripts')} parse.${note}`,
    evidence,
  );
}
