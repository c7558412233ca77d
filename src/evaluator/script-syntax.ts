/**
 * Parses (never runs) a skill's scripts for SKL-R03: `bash -n`, `node --check`, and a Python AST
 * parse (which, unlike py_compile, writes no __pycache__ into the folder). Each runs in the
 * sandbox with a time limit.
 */
import { join } from 'node:path';
import type { Interpreter, ScriptSyntax } from '../core/checks/skill/scripts.ts';
import type { Sandbox } from './sandbox.ts';

const PARSE_TIMEOUT_MS = 10_000;
const PYTHON_PARSE = 'import ast,sys; ast.parse(open(sys.argv[1],"rb").read(), sys.argv[1])';

function parser(interpreter: Interpreter, file: string, node: string): [string, string[]] {
  switch (interpreter) {
    case 'bash':
      return ['bash', ['-n', file]];
    case 'node':
      return [node, ['--check', file]];
    case 'python':
      return ['python3', ['-c', PYTHON_PARSE, file]];
  }
}

async function parseOne(
  sandbox: Sandbox,
  folder: string,
  path: string,
  interpreter: Interpreter,
): Promise<ScriptSyntax> {
  const [command, args] = parser(interpreter, join(folder, path), sandbox.node);
  const started = sandbox.spawn(command, args, { step: 'parse' });
  started.child.stdin?.end();
  const timer = setTimeout(() => started.killGroup(), PARSE_TIMEOUT_MS);
  const exit = await started.exited;
  // The parser's message may still be in the pipe when it exits; a grandchild holding the pipe
  // open must not stall the evaluation, so wait only briefly.
  await Promise.race([started.closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  clearTimeout(timer);
  if (exit.error) return { path, interpreter, outcome: 'unchecked', detail: exit.error };
  if (exit.code === 0) return { path, interpreter, outcome: 'ok' };
  const detail = started.stderrTail().trim().split('\n').slice(-3).join(' ').replaceAll(folder, '.');
  return { path, interpreter, outcome: 'error', detail: detail || `exit ${exit.code ?? exit.signal}` };
}

export async function checkScriptSyntax(
  sandbox: Sandbox,
  folder: string,
  scripts: readonly { path: string; interpreter: Interpreter }[],
): Promise<ScriptSyntax[]> {
  const results: ScriptSyntax[] = [];
  for (const script of scripts)
    results.push(await parseOne(sandbox, folder, script.path, script.interpreter));
  return results;
}
