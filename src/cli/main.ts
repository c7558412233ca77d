/** The `afscore` command: one word per task, each in its own module. */
import { runBuild } from './commands/build.ts';
import { runEvaluate } from './commands/evaluate.ts';
import { runImport } from './commands/import.ts';
import { runKeys } from './commands/keys.ts';
import { runMirror } from './commands/mirror.ts';
import { runRequestToPackage } from './commands/request-to-package.ts';
import { runReview } from './commands/review.ts';
import { runSubmit } from './commands/submit.ts';
import { runSync } from './commands/sync.ts';
import { runSyncPr } from './commands/sync-pr.ts';
import { runValidate } from './commands/validate.ts';
import { runWork } from './commands/work.ts';
import { type CliIo, EXIT } from './io.ts';

type Command = (args: readonly string[], io: CliIo) => number | Promise<number>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  validate: { run: runValidate, summary: 'check package, category, spot-check and evaluation files' },
  build: { run: runBuild, summary: 'validate, then write the generated catalogue the server and site read' },
  mirror: { run: runMirror, summary: 'write the static mirror of the read API for a static host or CDN' },
  evaluate: { run: runEvaluate, summary: 'evaluate an MCP server or skill and write an evaluation document' },
  submit: { run: runSubmit, summary: 'post an evaluation to the service with your API key' },
  work: {
    run: runWork,
    summary:
      'drain the evaluation queue: claim, evaluate in the sandbox, submit (or --local into the repository)',
  },
  keys: { run: runKeys, summary: 'issue, list and revoke API keys (operator)' },
  import: {
    run: runImport,
    summary: 'add packages from the MCP Registry, a list of npm names, or a skills repository',
  },
  'sync-pr': {
    run: runSyncPr,
    summary: 'commit sync and import changes to a branch and open or update its pull request (CI)',
  },
  sync: {
    run: runSync,
    summary: 'update packages from npm, PyPI and the MCP Registry (versions, deprecations)',
  },
  review: { run: runReview, summary: "review a pull request's data changes: comment and labels (CI)" },
  'request-to-package': {
    run: runRequestToPackage,
    summary: 'turn a package request issue into data/packages/<id>.md (CI)',
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(19)} ${command.summary}`);
  return [
    'Usage: afscore <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Run afscore <command> --help for its options.',
  ].join('\n');
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out(usage());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`afscore: unknown command "${name}"\n\n${usage()}`);
    return EXIT.usage;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    // parseArgs throws on unknown or malformed options: that is a usage error, not a crash.
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      io.err(`afscore ${name}: ${error.message}`);
      return EXIT.usage;
    }
    throw error;
  }
}
