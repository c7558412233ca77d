/**
 * `afscore evaluate <target>`: runs the evaluator on a package and writes an evaluation document
 * that passes `afscore validate`. Reads the contributor's environment for the login and the
 * judge's API key; the evaluated server sees none of it.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { StartFailure } from '../../core/checks/server/start-failure.ts';
import { isLogin, isPackageId } from '../../core/ids.ts';
import {
  type EvaluationDocument,
  type PackageFile,
  RELATIONSHIPS,
  type Relationship,
} from '../../core/types.ts';
import { formatFileIssue, type Issue } from '../../core/validation/issue.ts';
import { validateEvaluation } from '../../core/validation/validate-evaluation.ts';
import { validateCategories, validatePackages } from '../../core/validation/validate-repository.ts';
import { listRepository, readRawFiles } from '../../data/repository-files.ts';
import { evaluate, type Judge } from '../../evaluator/evaluate.ts';
import { anthropicProvider } from '../../evaluator/llm/anthropic-provider.ts';
import { defaultCacheDir, diskCache } from '../../evaluator/llm/judge-cache.ts';
import { openAiProvider } from '../../evaluator/llm/openai-provider.ts';
import { type ModelChoice, parseModelOption } from '../../evaluator/llm/provider.ts';
import { githubApiUrl } from '../../evaluator/repository-licence.ts';
import { detectSandbox, runsAsRoot, type SandboxSupport } from '../../evaluator/sandbox/sandbox-support.ts';
import { defaultNpmCacheDir } from '../../evaluator/sandbox.ts';
import { summaryLines } from '../../evaluator/summary.ts';
import { parseTarget, type Target } from '../../evaluator/targets/parse-target.ts';
import { type CliIo, EXIT } from '../io.ts';

export const evaluateUsage = `Usage: afscore evaluate <target> [options] [-- server arguments…]

Targets:
  npm:<package>[@version]   installed from the npm registry in the sandbox (install scripts run there)
  stdio:<command line>      a server started with this command, in the sandbox
  http(s)://…               a Streamable HTTP endpoint
  <folder>                  a skill folder (with SKILL.md), or an unpacked npm package (with package.json)

Options:
  --package-id ID           the afscore package id (default: found in data/packages from the npm name)
  --out FILE                where to write (default: evaluations/<package-id>/<evaluation-id>.json)
  --no-llm                  deterministic checks only; judged checks are marked "not run"
  --model PROVIDER:MODEL    the judge, pinned: anthropic:claude-sonnet-4-5-20250929 (default) or openai:<model>;
                            key from ANTHROPIC_API_KEY or OPENAI_API_KEY, base URL from ANTHROPIC_BASE_URL or OPENAI_BASE_URL
  --contributor LOGIN       your GitHub login (default: $AFSCORE_LOGIN)
  --relationship R          if you are affiliated: maintainer, contributor, employee, contractor, sponsor, competitor, other
  --env NAME=VALUE          a variable for the server (repeatable; only the name is recorded)
  --package-version V       the version to record (skill folders have none; use the commit)
  --artifact TEXT           the artifact to record, e.g. git:https://github.com/o/r#skills/x@<commit>
  --root DIR                the repository checkout with data/packages (default: current folder)
  --network                 let the server reach the network (recorded; tools are then only called if read-only)
  --no-sandbox              run the package without the bubblewrap sandbox (recorded and flagged in review)

Arguments after -- go to the server; {workdir} stands for its sandbox working folder.

Exit status: 0 evaluated, 1 the document has validation problems or the evaluation could not run,
2 wrong usage, 3 the server did not start (the document records why, and says what to do).

The package runs in a bubblewrap sandbox: no network (unless --network), nothing of your home,
checkout or environment, limits on memory, processes and time. See the evaluation guide, "The sandbox".
A package that ships no licence file and declares no open licence has its source repository's licence
read from GitHub's public API, outside the sandbox and with no token (AFSCORE_GITHUB_API_URL for
GitHub Enterprise).`;

export const DEFAULT_MODEL = 'anthropic:claude-sonnet-4-5-20250929';

function loadPackages(root: string): Map<string, PackageFile> | null {
  const listing = listRepository(root);
  if (listing.packages.length === 0) return null;
  const categories = validateCategories([...readRawFiles(root, listing.categories)]);
  const slugs = new Set(categories.values.map((category) => category.slug));
  const packages = validatePackages([...readRawFiles(root, listing.packages)], slugs);
  return new Map(packages.values.map((pkg) => [pkg.id, pkg]));
}

function inferPackageId(target: Target, packages: ReadonlyMap<string, PackageFile> | null): string | null {
  if (target.kind !== 'npm' || !packages) return null;
  return [...packages.values()].find((pkg) => pkg.distribution.npm === target.name)?.id ?? null;
}

function parseEnv(
  pairs: readonly string[],
): { ok: true; env: Record<string, string> } | { ok: false; message: string } {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const name = equals > 0 ? pair.slice(0, equals) : '';
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      return { ok: false, message: `--env "${pair}" is not NAME=VALUE` };
    env[name] = pair.slice(equals + 1);
  }
  return { ok: true, env };
}

/** `withoutJudge`: how to run without one, for the message when the provider's key is missing. */
export function judgeFor(
  choice: ModelChoice,
  withoutJudge = 'run with --no-llm (deterministic checks only)',
): { ok: true; judge: Judge } | { ok: false; message: string } {
  const keyName = choice.provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
  const key = process.env[keyName];
  if (!key)
    return { ok: false, message: `${keyName} is not set: export it for the judge, or ${withoutJudge}` };
  const provider =
    choice.provider === 'anthropic'
      ? anthropicProvider(key, process.env.ANTHROPIC_BASE_URL || undefined)
      : openAiProvider(key, process.env.OPENAI_BASE_URL || undefined);
  const cache = diskCache(defaultCacheDir(process.env, homedir()));
  return {
    ok: true,
    judge: {
      provider: choice.provider,
      model: choice.model,
      context: { provider, model: choice.model, cache },
    },
  };
}

/**
 * With the catalogue, the document is checked as a new submission would be (the package, its
 * distribution and latest version), so "valid" here means `afscore validate` and the API agree.
 * Without one, it is checked for itself alone.
 */
function validationIssues(
  doc: EvaluationDocument,
  packages: ReadonlyMap<string, PackageFile> | null,
  now: number,
): Issue[] {
  if (packages) {
    const result = validateEvaluation(doc, { packages, mode: 'admission', now });
    return result.ok ? [] : result.issues;
  }
  const stub = { id: doc.package.id, kind: doc.package.kind, maintainers: [] } as unknown as PackageFile;
  const result = validateEvaluation(doc, { packages: new Map([[doc.package.id, stub]]), mode: 'integrity' });
  return result.ok ? [] : result.issues;
}

/** A run that could not start the server says so, why, and what would fix it, before anyone submits it. */
export function unrunnableAdvice(doc: EvaluationDocument): string[] {
  const launch = (doc.inputs as { launch?: { failure?: StartFailure } } | undefined)?.launch;
  const failure = launch?.failure;
  const reason =
    failure?.reason ?? doc.checks.find((check) => check.id === 'REL-01')?.message ?? 'it did not start';
  return [
    `The server did not start: ${reason}`,
    ...(failure ? [`What to do: ${failure.advice}`] : []),
    'This document records "does not start" (a red badge) if submitted. Submit it only when the server',
    'fails with a reasonable configuration; see the evaluation guide, "Servers that need configuration".',
  ];
}

/**
 * The sandbox to run the package in: refused without one unless --no-sandbox says so. A remote
 * server runs nothing here and needs none.
 */
function sandboxFor(
  target: Target,
  noSandbox: boolean,
  io: CliIo,
): { ok: true; support: SandboxSupport | null } | { ok: false } {
  if (noSandbox) {
    io.err(
      'afscore evaluate: --no-sandbox: the package runs with your user’s access to this machine (only HOME, TMPDIR and the environment are replaced, install scripts are skipped); the evaluation records it and review flags it.',
    );
    return { ok: true, support: null };
  }
  if (target.kind === 'http') return { ok: true, support: null };
  const detected = detectSandbox();
  if (detected.ok) return { ok: true, support: detected.support };
  io.err(`afscore evaluate: cannot run the package in a sandbox: ${detected.reason}.`);
  io.err(`To fix it: ${detected.hint}.`);
  return { ok: false };
}

/** Said when a package's install scripts failed in the sandbox. */
export const SCRIPTS_ADVICE =
  'Native modules download prebuilt binaries (from GitHub, which install scripts may reach) or build with node-gyp, which needs Python, make, a C/C++ compiler and the development headers of the libraries they use (libsecret-1-dev for keytar) installed on this machine; see the evaluation guide, "The sandbox".';

function usageError(io: CliIo, message: string): number {
  io.err(`afscore evaluate: ${message}`);
  return EXIT.usage;
}

export async function runEvaluate(args: readonly string[], io: CliIo): Promise<number> {
  const separator = args.indexOf('--');
  const ownArgs = separator === -1 ? args : args.slice(0, separator);
  const serverArgs = separator === -1 ? [] : args.slice(separator + 1);
  const { values, positionals } = parseArgs({
    args: [...ownArgs],
    allowPositionals: true,
    options: {
      'package-id': { type: 'string' },
      out: { type: 'string' },
      'no-llm': { type: 'boolean' },
      model: { type: 'string' },
      contributor: { type: 'string' },
      relationship: { type: 'string' },
      env: { type: 'string', multiple: true },
      'package-version': { type: 'string' },
      artifact: { type: 'string' },
      root: { type: 'string' },
      network: { type: 'boolean' },
      'no-sandbox': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(evaluateUsage);
    return EXIT.ok;
  }
  if (positionals.length !== 1) return usageError(io, `give exactly one target\n\n${evaluateUsage}`);
  const target = parseTarget(positionals[0]!);
  if (!target.ok)
    return usageError(
      io,
      `target ${target.issues[0]!.message}${target.issues[0]!.hint ? ` (${target.issues[0]!.hint})` : ''}`,
    );
  if (target.value.kind === 'folder' && !existsSync(resolve(io.cwd, target.value.path))) {
    return usageError(io, `no folder at ${target.value.path}`);
  }
  const folderTarget: Target =
    target.value.kind === 'folder'
      ? { kind: 'folder', path: resolve(io.cwd, target.value.path) }
      : target.value;

  const contributor = values.contributor ?? process.env.AFSCORE_LOGIN ?? '';
  if (!isLogin(contributor)) {
    return usageError(
      io,
      contributor
        ? `"${contributor}" is not a GitHub login`
        : 'who is evaluating? pass --contributor <github-login> or set AFSCORE_LOGIN',
    );
  }
  const relationship = (values.relationship ?? 'none') as Relationship;
  if (!RELATIONSHIPS.includes(relationship))
    return usageError(io, `--relationship must be one of ${RELATIONSHIPS.join(', ')}`);
  const env = parseEnv(values.env ?? []);
  if (!env.ok) return usageError(io, env.message);

  const root = resolve(io.cwd, values.root ?? '.');
  const packages = loadPackages(root);
  const packageId = values['package-id'] ?? inferPackageId(folderTarget, packages);
  if (!packageId)
    return usageError(io, 'which package is this? pass --package-id <id> (the id in data/packages)');
  if (!isPackageId(packageId)) return usageError(io, `"${packageId}" is not a package id`);

  let judge: Judge | null = null;
  if (!values['no-llm']) {
    const choice = parseModelOption(values.model ?? DEFAULT_MODEL);
    if (!choice.ok) return usageError(io, `${choice.issues[0]!.message} (${choice.issues[0]!.hint ?? ''})`);
    const made = judgeFor(choice.value);
    if (!made.ok) return usageError(io, made.message);
    judge = made.judge;
  }

  const contained = sandboxFor(target.value, values['no-sandbox'] === true, io);
  if (!contained.ok) return EXIT.usage;

  const evaluationId = randomUUID();
  // Progress goes to stderr on a terminal and in logs alike, so a long run is never silent.
  const progress = (step: string) => io.err(`… ${step}`);
  let doc: EvaluationDocument;
  try {
    doc = await evaluate({
      target: folderTarget,
      packageId,
      contributor,
      relationship,
      evaluationId,
      judge,
      env: env.env,
      serverArgs,
      ...(packages?.get(packageId)?.configuration
        ? { configuration: packages.get(packageId)!.configuration! }
        : {}),
      ...(values['package-version'] ? { packageVersion: values['package-version'] } : {}),
      ...(values.artifact ? { artifact: values.artifact } : {}),
      now: io.now,
      progress,
      github: { apiUrl: githubApiUrl(process.env) },
      sandbox: {
        support: contained.support,
        network: values.network === true,
        npmCacheDir: `${defaultNpmCacheDir(process.env, homedir(), runsAsRoot())}${contained.support ? '' : '-unsandboxed'}`,
      },
    });
  } catch (error) {
    io.err(
      `afscore evaluate: the evaluation could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    return EXIT.invalid;
  }

  const out = values.out
    ? resolve(io.cwd, values.out)
    : join(root, 'evaluations', packageId, `${evaluationId}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  for (const line of summaryLines(doc)) io.out(line);
  const unrunnable = doc.scores.status === 'unrunnable';
  if (unrunnable) for (const line of unrunnableAdvice(doc)) io.err(line);
  const scriptsFailed = (doc.inputs?.sandbox as { scriptsFailed?: string } | undefined)?.scriptsFailed;
  if (scriptsFailed) {
    io.err(`Install scripts failed in the sandbox: ${scriptsFailed}`);
    io.err(SCRIPTS_ADVICE);
  }
  const issues = validationIssues(doc, packages, io.now());
  const shown = relative(io.cwd, out) || out;
  for (const found of issues) io.err(formatFileIssue({ path: shown, ...found }));
  io.out(
    issues.length === 0
      ? `Wrote ${shown} (valid${packages ? '' : '; no catalogue found to check the package against'})`
      : `Wrote ${shown} with ${issues.length} validation problem(s)`,
  );
  if (issues.length > 0) return EXIT.invalid;
  return unrunnable ? EXIT.unrunnable : EXIT.ok;
}
