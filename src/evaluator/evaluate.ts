/**
 * One evaluation, start to finish: prepare the target in a sandbox, gather facts (I/O), let the
 * core checks judge them, score with the rubric, and assemble the evaluation document.
 */
import { existsSync, readFileSync } from 'node:fs';
import { arch, platform, release } from 'node:os';
import { basename, join, resolve } from 'node:path';
import {
  announcedAddress,
  hintsFromConfiguration,
  hintsFromReadme,
  hintsFromServerJson,
  type LaunchPlan,
  planLaunch,
  WORKDIR,
} from '../core/agent-config/launch-plan.ts';
import type { PackageConfiguration } from '../core/agent-config/package-configuration.ts';
import { canonicalSha256 } from '../core/checks/canonical-json.ts';
import { inCatalogueOrder } from '../core/checks/catalogue-order.ts';
import { FACE_IDENTITIES } from '../core/checks/check-policy.ts';
import { judgedChecksNotRun } from '../core/checks/judge/judged-checks.ts';
import {
  needsRepositoryLicence,
  packageChecks,
  packageChecksNotRun,
} from '../core/checks/package/package-checks.ts';
import type { PackageFacts } from '../core/checks/package/package-facts.ts';
import { sourceRepository } from '../core/checks/package/source-repository.ts';
import { toolsListTokens } from '../core/checks/server/context-cost.ts';
import { runtimeChecks } from '../core/checks/server/runtime-checks.ts';
import { sandboxChecks } from '../core/checks/server/sandbox-checks.ts';
import { mcpSnapshotChecks, mcpSnapshotChecksNotRun } from '../core/checks/server/snapshot-checks.ts';
import { failureLabel, noCommandFailure, type StartFailure } from '../core/checks/server/start-failure.ts';
import { bodySize } from '../core/checks/skill/body.ts';
import { readSkillManifest } from '../core/checks/skill/files.ts';
import { skillScripts } from '../core/checks/skill/scripts.ts';
import { skillFileChecks, skillSnapshotChecks } from '../core/checks/skill/skill-checks.ts';
import { type McpSnapshot, toolsListValue } from '../core/checks/snapshot.ts';
import { RUBRIC_VERSION, SCHEMA_VERSION } from '../core/rubric/policy.ts';
import { scoreChecks, toScoresReport } from '../core/scoring/score-checks.ts';
import { redactValues, secretValues } from '../core/text/redact-values.ts';
import type { CheckResult, EvaluationDocument, LlmConfig, PackageKind } from '../core/types.ts';
import { EVALUATOR_NAME, EVALUATOR_VERSION } from './evaluator-info.ts';
import { readFolderFiles } from './folder-files.ts';
import { httpLauncher, httpServerLauncher, notStartableLauncher, stdioLauncher } from './launchers.ts';
import type { JudgeContext } from './llm/judge.ts';
import { judgeMcpServer, judgeSkill } from './llm/judged-checks.ts';
import { PROMPTS, PROMPTS_BY_KIND } from './llm/prompts.ts';
import {
  IDENTITY_NAMES,
  notStartedFacts,
  type ProbeOptions,
  type ProbeResult,
  probeServer,
  type ServerLauncher,
} from './mcp-probe.ts';
import type { ExplorePolicy } from './probe-calls.ts';
import { type RepositoryLicenceOptions, repositoryLicence } from './repository-licence.ts';
import type { ProcessLimits, StepName } from './sandbox/sandbox-policy.ts';
import type { SandboxSupport } from './sandbox/sandbox-support.ts';
import { createSandbox, type Sandbox } from './sandbox.ts';
import { checkScriptSyntax } from './script-syntax.ts';
import { readSkillFolder } from './skill-reader.ts';
import { InstallFailed, installNpmPackage } from './targets/npm-target.ts';
import {
  chooseBin,
  exposeStdioPaths,
  launchCommand,
  packageFacts,
  readManifest,
  resolutionFolders,
} from './targets/package-target.ts';
import type { Target } from './targets/parse-target.ts';
import { treeDigest } from './tree-digest.ts';

export type Progress = (step: string) => void;

export interface Judge {
  provider: LlmConfig['provider'];
  model: string;
  context: JudgeContext;
}

export interface EvaluateOptions {
  target: Target;
  packageId: string;
  contributor: string;
  relationship: EvaluationDocument['disclosure']['relationship'];
  evaluationId: string;
  /** null runs deterministic checks only (--no-llm). */
  judge: Judge | null;
  /** Which tools exploration calls may reach; defaults by target (see explorePolicy). */
  explore?: ExplorePolicy;
  /** Variables passed to the server explicitly (names are recorded, values never). */
  env: Readonly<Record<string, string>>;
  /** What the catalogue says the package needs (placeholders are passed for required settings). */
  configuration?: PackageConfiguration;
  serverArgs: readonly string[];
  /** For targets without a release version (skill folders): the version and artifact to record. */
  packageVersion?: string;
  artifact?: string;
  now: () => number;
  progress?: Progress;
  /** How to contain the package: bubblewrap (`support`), or none (--no-sandbox, support null). */
  sandbox: {
    support: SandboxSupport | null;
    /** --network: the server may reach the network. */
    network: boolean;
    /** The evaluator's own npm cache. */
    npmCacheDir?: string;
    /** Shorter limits, for tests. */
    limits?: Partial<Record<StepName, Partial<ProcessLimits>>>;
  };
  /** Stops the evaluation: everything it started is killed and `evaluate` rejects. */
  signal?: AbortSignal;
  /** Shorter start-up limits, for tests (the rubric's 10 s and 30 s otherwise). */
  startup?: Pick<ProbeOptions, 'startupTimeoutMs' | 'startupRetryTimeoutMs'>;
  /**
   * Where LIC-01 asks for the source repository's licence when a package ships none; without it
   * the repository is not asked and LIC-01 says so.
   */
  github?: RepositoryLicenceOptions;
}

interface Gathered {
  kind: PackageKind;
  version: string;
  subject: EvaluationDocument['subject'];
  checks: CheckResult[];
  metrics: Record<string, number>;
  inputs: Record<string, unknown>;
  notes?: string;
  /** A remote server: nothing of the package ran on this machine. */
  remote?: boolean;
  /** The arguments and variable names the server was actually started with. */
  started?: { serverArgs: readonly string[]; envNames: readonly string[] };
}

const NO_LLM = 'Not run: the evaluation ran with --no-llm (deterministic checks only).';

function isoTime(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

function isSkillFolder(path: string): boolean {
  return (
    existsSync(join(path, 'SKILL.md')) ||
    existsSync(join(path, 'skill.md')) ||
    !existsSync(join(path, 'package.json'))
  );
}

async function gatherSkill(
  path: string,
  sandbox: Sandbox,
  options: EvaluateOptions,
  progress: Progress,
): Promise<Gathered> {
  progress(`reading the skill folder ${basename(path)}`);
  const folder = readSkillFolder(path);
  sandbox.expose(path);
  const { snapshot } = folder;
  progress('parsing scripts');
  const syntax = await checkScriptSyntax(sandbox, path, skillScripts(snapshot));
  const judged = options.judge
    ? await judgeSkill(snapshot, options.judge.context, progress)
    : judgedChecksNotRun('skill', NO_LLM);
  const loaded = readSkillManifest(snapshot);
  const metadata = loaded.ok
    ? (loaded.manifest.frontmatter.metadata as Record<string, unknown> | undefined)
    : undefined;
  const version =
    options.packageVersion ??
    (typeof metadata?.version === 'string' ? metadata.version : `tree-${folder.digest.slice(7, 19)}`);
  const size = loaded.ok ? bodySize(loaded.manifest) : { lines: 0, tokens: 0 };
  return {
    kind: 'skill',
    version,
    subject: {
      artifact: options.artifact ?? `folder:${snapshot.folder}@${version}`,
      digest: folder.digest,
      transport: 'skill-folder',
    },
    checks: [...skillSnapshotChecks(snapshot), ...skillFileChecks(snapshot, syntax), ...judged],
    metrics: { file_count: snapshot.files.length, body_lines: size.lines, body_tokens: size.tokens },
    inputs: { ...snapshot },
    ...(folder.omitted.length > 0
      ? { notes: `Text left out of inputs to keep the document small: ${folder.omitted.join(', ')}.` }
      : {}),
  };
}

interface ServerSource {
  launcher: ServerLauncher;
  facts: PackageFacts | null;
  readme: string | null;
  version?: string;
  artifact?: string;
  digest?: string;
  launch: Record<string, unknown>;
  /** The arguments the server was started with, when a launch plan chose them. */
  serverArgs?: string[];
  /** Why the install scripts failed, when they did (a missing toolchain). */
  scriptsFailure?: StartFailure;
  /** The same command started for Streamable HTTP at an address (when it announces one over stdio). */
  overHttp?: (address: { port: number; path: string }) => ServerLauncher & { url: string };
}

/** server.json in the package, when the publisher ships it (the MCP Registry's description). */
function readServerJson(packageDir: string): unknown {
  try {
    const text = readFileSync(join(packageDir, 'server.json'), 'utf8');
    return text.length > 256 * 1024 ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * How to start the package: arguments after -- and --env as the contributor gave them; otherwise
 * what server.json, the README's client configuration and the catalogue say (launch-plan.ts).
 */
function launchPlanFor(
  packageDir: string,
  manifest: Record<string, unknown> | null,
  readme: string | null,
  options: EvaluateOptions,
): LaunchPlan {
  const name = typeof manifest?.name === 'string' ? manifest.name : '';
  const bin = manifest?.bin;
  const bins =
    typeof bin === 'string'
      ? [name.replace(/^@[^/]+\//, '')]
      : bin !== null && typeof bin === 'object'
        ? Object.keys(bin)
        : [];
  const plan = planLaunch({
    'server.json': hintsFromServerJson(readServerJson(packageDir), name),
    readme: readme ? hintsFromReadme(readme, name, bins) : null,
    catalogue: hintsFromConfiguration(options.configuration),
  });
  if (options.serverArgs.length > 0) {
    plan.args = [...options.serverArgs];
    plan.argsFrom = 'none';
  }
  // What the contributor passed wins over a placeholder, the port the server listens on included.
  for (const explicit of Object.keys(options.env)) delete plan.env[explicit];
  const port = options.env.PORT;
  if (plan.http && port !== undefined && /^\d{1,5}$/.test(port))
    plan.http = { ...plan.http, port: Number(port) };
  return plan;
}

/** The package's facts with its source repository's licence, when LIC-01 needs it and may ask. */
async function withRepositoryLicence(facts: PackageFacts, options: EvaluateOptions): Promise<PackageFacts> {
  const where = sourceRepository(facts.manifest);
  if (!options.github || !where || !needsRepositoryLicence(facts)) return facts;
  options.progress?.(`the package ships no open licence: asking GitHub about ${where.owner}/${where.repo}`);
  const name = typeof facts.manifest?.name === 'string' ? facts.manifest.name : '';
  return { ...facts, repositoryLicence: await repositoryLicence(where, name, options.github) };
}

async function serverFromPackage(
  packageDir: string,
  registry: PackageFacts['registry'],
  sandbox: Sandbox,
  options: EvaluateOptions,
): Promise<ServerSource> {
  const manifest = readManifest(packageDir);
  const files = readFolderFiles(packageDir);
  const facts = await withRepositoryLicence(packageFacts(manifest, files, registry), options);
  const readme =
    facts.files.find((file) => /^readme(?:\.\w+)?$/i.test(file.path) && file.text !== undefined)?.text ??
    null;
  const common = {
    facts,
    readme,
    ...(typeof manifest?.version === 'string' ? { version: manifest.version } : {}),
    digest: treeDigest(files),
  };
  if (!manifest || !chooseBin(manifest)) {
    // Nothing to start: a public "does not start" with the reason, not an evaluator error.
    const name = typeof manifest?.name === 'string' ? manifest.name : basename(packageDir);
    return { launcher: notStartableLauncher(noCommandFailure(name)), ...common, launch: {} };
  }
  const plan = launchPlanFor(packageDir, manifest, readme, options);
  sandbox.passEnv(plan.env);
  const launch = launchCommand(
    packageDir,
    manifest,
    plan.args.map((arg) => arg.replaceAll(WORKDIR, sandbox.work)),
    sandbox.node,
  );
  if (!launch.ok) throw new Error(launch.issues[0]!.message);
  const { command, args } = launch.value;
  const overHttp = (address: { port: number; path: string }) =>
    httpServerLauncher(sandbox, command, args, address);
  const http = plan.http ? overHttp(plan.http) : null;
  return {
    launcher: http ?? stdioLauncher(sandbox, command, args),
    overHttp,
    ...common,
    launch: {
      command: launch.value.display.replaceAll(sandbox.work, WORKDIR),
      ...(plan.argsFrom !== 'none' ? { args_from: plan.argsFrom } : {}),
      ...(plan.envFrom.length > 0
        ? { placeholders_from: plan.envFrom, placeholders: Object.keys(plan.env).sort() }
        : {}),
      ...(plan.unsupportedTransport ? { declared_transport: plan.unsupportedTransport } : {}),
      ...(http ? { url: http.url, url_from: plan.httpFrom } : {}),
    },
    serverArgs: plan.args,
  };
}

async function serverSource(
  target: Target,
  sandbox: Sandbox,
  options: EvaluateOptions,
  progress: Progress,
): Promise<ServerSource> {
  switch (target.kind) {
    case 'npm': {
      progress(
        `fetching npm:${target.name}${target.version ? `@${target.version}` : ''}${sandbox.contained ? ' in the sandbox' : ' (no sandbox: install scripts disabled)'}`,
      );
      const installed = await installNpmPackage(target.name, target.version, sandbox, progress);
      const source = await serverFromPackage(installed.packageDir, installed.registry, sandbox, options);
      return {
        ...source,
        ...(installed.scriptsFailure ? { scriptsFailure: installed.scriptsFailure } : {}),
        version: installed.version,
        artifact: `npm:${installed.name}@${installed.version}`,
        digest: installed.digest,
      };
    }
    case 'folder': {
      // Read-only, with the node_modules folders Node would resolve its dependencies from.
      for (const folder of resolutionFolders(resolve(target.path))) sandbox.expose(folder);
      const source = await serverFromPackage(resolve(target.path), null, sandbox, options);
      return {
        ...source,
        artifact: `folder:${basename(resolve(target.path))}@${source.version ?? 'unversioned'}`,
      };
    }
    case 'stdio': {
      const words = exposeStdioPaths(
        [target.command, ...target.args],
        process.cwd(),
        (path) => sandbox.expose(path),
        { host: process.execPath, inside: sandbox.node },
      );
      return {
        launcher: stdioLauncher(sandbox, words[0]!, words.slice(1)),
        facts: null,
        readme: null,
        artifact: `stdio:${target.commandLine}`,
        launch: { command: target.commandLine },
      };
    }
    case 'http':
      return {
        launcher: httpLauncher(target.url),
        facts: null,
        readme: null,
        artifact: target.url,
        launch: { url: target.url },
      };
  }
}

/**
 * Exploration calls reach any tool that does not look risky only where nothing can leave the
 * sandbox; a remote server, or a run with the network on, gets calls to read-only tools only.
 */
function explorePolicy(target: Target, options: EvaluateOptions): ExplorePolicy {
  // Asked for or not, nothing beyond read-only tools is called where a call could reach out.
  if (target.kind === 'http' || options.sandbox.network || !options.sandbox.support) return 'read-only';
  return options.explore ?? 'non-destructive';
}

/**
 * What the server showed, with every secret the contributor passed with --env that it echoed (a
 * status tool, an error quoting its settings, stderr) replaced by the variable's name, before any
 * check, judge or hash reads it: evidence excerpts cannot cut a secret in two, nothing sends it to a
 * model provider, and no published hash lets a guess be tested. Only the contributor's values are
 * secrets; a launch plan's placeholders come from the package, which could otherwise blank out its
 * own payload.
 */
function withoutSecrets(probe: ProbeResult, secrets: Readonly<Record<string, string>>): ProbeResult {
  const redacted = redactValues(probe, secrets);
  const faces = redacted.snapshot?.faces;
  if (redacted === probe || !redacted.snapshot || !faces) return redacted;
  const hashed = faces.map((face) =>
    face.definitions ? { ...face, sha256: canonicalSha256(face.definitions) } : face,
  );
  const published = hashed.map((face) =>
    face.same_as === undefined ? face : { ...face, sha256: hashed[face.same_as]?.sha256 ?? face.sha256 },
  );
  return { ...redacted, snapshot: { ...redacted.snapshot, faces: published } };
}

/** Values the contributor configured the server with: hosts named in them are expected destinations. */
function configuredValues(options: EvaluateOptions): string[] {
  return [...Object.values(options.env), ...options.serverArgs];
}

async function gatherServer(
  target: Target,
  sandbox: Sandbox,
  options: EvaluateOptions,
  progress: Progress,
): Promise<Gathered> {
  let source: ServerSource;
  try {
    source = await serverSource(target, sandbox, options, progress);
  } catch (error) {
    if (error instanceof InstallFailed && target.kind === 'npm')
      return notInstalled(target, error, sandbox, options);
    throw error;
  }
  sandbox.setActivity('start');
  const probeOptions: ProbeOptions = {
    explore: explorePolicy(target, options),
    ...(options.startup ?? {}),
    onActivity: (activity) => sandbox.setActivity(activity),
  };
  let probe: ProbeResult = await probeServer(source.launcher, progress, probeOptions);
  const retried = await retryOverHttp(probe, source, sandbox, probeOptions, progress);
  if (retried) {
    probe = retried.probe;
    source.launcher = retried.launcher;
    Object.assign(source.launch, retried.launch);
  }
  blameInstallScripts(probe, source.scriptsFailure);
  const secrets = secretValues(options.env);
  probe = withoutSecrets(probe, secrets);
  // Everything the package started is gone before the sandbox's record is read.
  await sandbox.stopAll();
  const sandboxFacts =
    target.kind === 'http' ? null : redactValues(sandbox.facts(configuredValues(options)), secrets);
  const snapshot: McpSnapshot | null = probe.snapshot;
  const notStarted = 'The server did not start, so its definitions could not be read.';
  const judged = !options.judge
    ? judgedChecksNotRun('mcp-server', NO_LLM)
    : snapshot
      ? await judgeMcpServer(snapshot, source.readme, options.judge.context, progress)
      : judgedChecksNotRun('mcp-server', notStarted);
  const packageResults = source.facts
    ? packageChecks(source.facts, options.now())
    : packageChecksNotRun(
        `No package files to read for a ${target.kind === 'http' ? 'URL' : 'bare command'}; evaluate the published package to run these.`,
      );
  const toolsListSha256 = snapshot ? canonicalSha256(toolsListValue(snapshot)) : undefined;
  const version = options.packageVersion ?? source.version ?? probe.facts.serverVersion ?? 'unknown';
  return {
    kind: 'mcp-server',
    version,
    subject: {
      artifact: options.artifact ?? source.artifact ?? 'unknown',
      digest: source.digest ?? `sha256:${canonicalSha256(snapshot ?? { artifact: source.artifact ?? '' })}`,
      transport: source.launcher.transport,
      ...(toolsListSha256 ? { tools_list_sha256: toolsListSha256 } : {}),
    },
    checks: [
      ...(snapshot ? mcpSnapshotChecks(snapshot) : mcpSnapshotChecksNotRun(notStarted)),
      ...runtimeChecks(probe.facts),
      ...sandboxChecks(sandboxFacts),
      ...packageResults,
      ...judged,
    ],
    metrics: { ...probe.metrics, ...(snapshot ? { tools_list_tokens: toolsListTokens(snapshot) } : {}) },
    inputs: {
      ...(snapshot ?? { kind: 'mcp-server' }),
      launch: {
        ...source.launch,
        env_names: sandbox.passedVariables,
        identities: IDENTITY_NAMES,
        ...(probe.facts.connections[0]?.failure ? { failure: probe.facts.connections[0].failure } : {}),
      },
      ...(sandboxFacts ? { sandbox: sandboxFacts } : {}),
    },
    ...(sandboxFacts?.scriptsFailed
      ? {
          notes: `Install scripts failed in the sandbox; the server was started with what was installed: ${sandboxFacts.scriptsFailed}`,
        }
      : {}),
    remote: target.kind === 'http',
    started: { serverArgs: source.serverArgs ?? options.serverArgs, envNames: sandbox.passedVariables },
  };
}

/**
 * A package that could not be installed gets the document of a server that did not start, with
 * the install's classified reason: the same public failure record and back-off as a failed start
 * (core/failures), instead of a private retry the package page never shows.
 */
async function notInstalled(
  target: Extract<Target, { kind: 'npm' }>,
  error: InstallFailed,
  sandbox: Sandbox,
  options: EvaluateOptions,
): Promise<Gathered> {
  await sandbox.stopAll();
  // Install scripts ran with the contributor's variables: what npm quotes of them is named, not shown.
  const secrets = secretValues(options.env);
  const sandboxFacts = sandbox.contained
    ? redactValues(sandbox.facts(configuredValues(options)), secrets)
    : null;
  const failure = redactValues(error.failure, secrets);
  const why = `The package could not be installed, so nothing could be read or started: ${failure.reason}`;
  const version = options.packageVersion ?? error.version ?? target.version ?? 'unknown';
  const artifact = options.artifact ?? `npm:${target.name}@${version}`;
  return {
    kind: 'mcp-server',
    version,
    subject: { artifact, digest: `sha256:${canonicalSha256({ artifact })}`, transport: 'stdio' },
    checks: [
      ...mcpSnapshotChecksNotRun(why),
      ...runtimeChecks(notStartedFacts(failure)),
      ...sandboxChecks(sandboxFacts),
      ...packageChecksNotRun(why),
      ...judgedChecksNotRun('mcp-server', options.judge ? why : NO_LLM),
    ],
    metrics: {},
    inputs: {
      kind: 'mcp-server',
      launch: { installed: false, env_names: sandbox.passedVariables, failure },
      ...(sandboxFacts ? { sandbox: sandboxFacts } : {}),
    },
    started: { serverArgs: options.serverArgs, envNames: sandbox.passedVariables },
  };
}

/**
 * Install scripts that failed explain a server that then did not start better than its own crash
 * does (a native module that was never built): the install's reason leads, the start's follows.
 */
function blameInstallScripts(probe: ProbeResult, scriptsFailure: StartFailure | undefined): void {
  const primary = probe.facts.connections[0];
  const started = primary?.failure;
  if (probe.snapshot || !primary || !started || !scriptsFailure) return;
  if (!['native-module', 'missing-module', 'exited', 'killed', 'closed'].includes(started.class)) return;
  const failure: StartFailure = {
    ...scriptsFailure,
    reason: `${scriptsFailure.reason}. Then: ${started.reason}`,
  };
  primary.failure = failure;
  primary.error = failure.reason;
}

/**
 * A server that, started for stdio, said it serves HTTP at a loopback address is started again
 * the same way and evaluated over Streamable HTTP there, through the sandbox's bridge. When that
 * works, the HTTP run is the evaluation; when it does not, the stdio failure stays, saying what
 * the HTTP try found too.
 */
async function retryOverHttp(
  probe: ProbeResult,
  source: ServerSource,
  sandbox: Sandbox,
  probeOptions: ProbeOptions,
  progress: Progress,
): Promise<{ probe: ProbeResult; launcher: ServerLauncher; launch: Record<string, unknown> } | null> {
  const primary = probe.facts.connections[0];
  const failure = primary?.failure;
  if (probe.snapshot || !primary || failure?.class !== 'http-only' || !failure.quote || !source.overHttp)
    return null;
  const address = announcedAddress(failure.quote);
  if (!address) return null;
  await sandbox.stopAll();
  const launcher = source.overHttp(address);
  progress(
    `it announced an HTTP address: starting it again, evaluating ${launcher.url} over Streamable HTTP`,
  );
  sandbox.setActivity('start');
  const second = await probeServer(launcher, progress, probeOptions);
  if (second.snapshot)
    return { probe: second, launcher, launch: { url: launcher.url, url_from: 'announced' } };
  await sandbox.stopAll();
  const found = second.facts.connections[0]?.failure;
  const also = ` Started again for Streamable HTTP at ${launcher.url}, it did not answer there either${found ? ` (${failureLabel(found)})` : ''}.`;
  failure.reason += also;
  if (primary.error) primary.error += also;
  return null;
}

/** SHA-256 of everything that shapes the outcome besides the artifact itself. */
export function configurationHash(
  kind: PackageKind,
  options: EvaluateOptions,
  started?: Gathered['started'],
): string {
  return canonicalSha256({
    evaluator: { name: EVALUATOR_NAME, version: EVALUATOR_VERSION },
    rubric_version: RUBRIC_VERSION,
    kind,
    judge: options.judge
      ? {
          provider: options.judge.provider,
          model: options.judge.model,
          temperature: 0,
          prompts: PROMPTS_BY_KIND[kind].map((id) => ({ id, sha256: PROMPTS[id].sha256 })),
        }
      : null,
    server_args: [...(started?.serverArgs ?? options.serverArgs)],
    env_names: [...(started?.envNames ?? Object.keys(options.env))].sort(),
    sandbox: { contained: options.sandbox.support !== null, network: options.sandbox.network },
    identities: FACE_IDENTITIES,
    explore: options.explore ?? null,
  });
}

function llmConfig(kind: PackageKind, judge: Judge | null): LlmConfig | null {
  if (!judge) return null;
  return {
    provider: judge.provider,
    model: judge.model,
    temperature: 0,
    prompts: PROMPTS_BY_KIND[kind].map((id) => ({ id, sha256: PROMPTS[id].sha256 })),
  };
}

export async function evaluate(options: EvaluateOptions): Promise<EvaluationDocument> {
  const progress = options.progress ?? (() => {});
  const startedAt = options.now();
  const sandbox = await createSandbox({
    support: options.sandbox.support,
    network: options.sandbox.network,
    env: options.env,
    ...(options.sandbox.npmCacheDir ? { npmCacheDir: options.sandbox.npmCacheDir } : {}),
    ...(options.sandbox.limits ? { limits: options.sandbox.limits } : {}),
  });
  // Stopping kills the package's processes: whatever step was waiting on them ends at once.
  const stop = () => void sandbox.stopForGood();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    if (options.signal?.aborted) throw new EvaluationStopped();
    const { target } = options;
    const gathered =
      target.kind === 'folder' && isSkillFolder(resolve(target.path))
        ? await gatherSkill(resolve(target.path), sandbox, options, progress)
        : await gatherServer(target, sandbox, options, progress);
    if (options.signal?.aborted) throw new EvaluationStopped();
    const checks = inCatalogueOrder(gathered.kind, gathered.checks);
    const document: EvaluationDocument = {
      $schema: 'https://afscore.dev/schemas/evaluation-2.0.json',
      schema_version: SCHEMA_VERSION,
      rubric_version: RUBRIC_VERSION,
      evaluation_id: options.evaluationId,
      package: { id: options.packageId, kind: gathered.kind, version: gathered.version },
      subject: gathered.subject,
      contributor: { login: options.contributor },
      disclosure: { affiliated: options.relationship !== 'none', relationship: options.relationship },
      evaluator: {
        kind: 'cli',
        name: EVALUATOR_NAME,
        version: EVALUATOR_VERSION,
        config_sha256: configurationHash(gathered.kind, options, gathered.started),
        guide_version: RUBRIC_VERSION,
        llm: llmConfig(gathered.kind, options.judge),
      },
      environment: {
        os: `${platform()} ${release()}`.slice(0, 64),
        arch: arch(),
        runtime: `node ${process.versions.node}`,
        sandbox: gathered.remote ? { tool: 'none', network: 'full' } : sandbox.record(),
      },
      timestamps: { started_at: isoTime(startedAt), finished_at: isoTime(options.now()) },
      checks,
      scores: toScoresReport(scoreChecks(gathered.kind, checks)),
      metrics: gathered.metrics,
      inputs: gathered.inputs,
      ...(gathered.notes ? { notes: gathered.notes } : {}),
    };
    return document;
  } catch (error) {
    throw options.signal?.aborted ? new EvaluationStopped() : error;
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await sandbox.dispose();
  }
}

/** What `evaluate` rejects with when its signal stopped it. */
export class EvaluationStopped extends Error {
  constructor() {
    super('the evaluation was stopped');
  }
}
