/**
 * Checks of a published package's files and registry record: secrets, install scripts, README,
 * changelog, maintenance signals and licensing. Facts that need the source repository or an
 * advisory database are outside what the package shows, so those checks say "not run" and why.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { README_MIN_CHARS, RELEASE_FRESH_DAYS, RELEASE_STALE_DAYS } from '../check-policy.ts';
import { countOf, fail, graded, notApplicable, notRun, partial, pass } from '../results.ts';
import { secretsVerdict } from '../secrets.ts';
import { identifyLicences, isApproved, spdxIds } from './licence-text.ts';
import { type PackageFacts, type RepositoryLicence, rootFiles } from './package-facts.ts';
import { isPlatformVariable } from './platform-variables.ts';
import { repositoryLabel, sourceRepository } from './source-repository.ts';

export const PACKAGE_CHECK_IDS = [
  'SEC-07',
  'SEC-08',
  'SEC-09',
  'DOC-01',
  'DOC-02',
  'DOC-03',
  'MNT-01',
  'MNT-02',
  'MNT-03',
  'MNT-04',
  'MNT-05',
  'MNT-06',
  'LIC-01',
  'LIC-02',
  'LIC-03',
  'LIC-04',
] as const;

const README = /^readme(?:\.(?:md|markdown|txt|rst))?$/i;
const CHANGELOG = /^(?:changelog|changes|history|releases?|news)(?:\.\w+)?$/i;
const SECURITY = /^security(?:\.\w+)?$/i;
const LICENCE_FILE = /^(?:licen[cs]e|copying|unlicense)(?:[-._][\w.-]*)?$/i;
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const;
const DAY_MS = 86_400_000;

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function readmeText(facts: PackageFacts): { path: string; text: string } | null {
  const file = rootFiles(facts, README).find((candidate) => candidate.text !== undefined);
  return file ? { path: file.path, text: file.text! } : null;
}

export function checkPackageSecrets(facts: PackageFacts): CheckResult {
  return secretsVerdict('SEC-07', facts.files, 'published package');
}

export function checkInstallScripts(facts: PackageFacts): CheckResult {
  const scripts = record(facts.manifest?.scripts);
  const evidence: Evidence[] = INSTALL_SCRIPTS.filter((name) => typeof scripts[name] === 'string').map(
    (name) => ({
      location: `package.json:/scripts/${name}`,
      excerpt: String(scripts[name]).slice(0, 200),
    }),
  );
  if (facts.files.some((file) => file.path === 'binding.gyp') && evidence.length === 0) {
    evidence.push({ location: 'binding.gyp', value: 'npm runs node-gyp rebuild at install' });
  }
  if (evidence.length > 0) return fail('SEC-09', 'The package runs code when it is installed.', evidence);
  return pass('SEC-09', 'No preinstall, install or postinstall scripts.');
}

const INSTALL_COMMAND =
  /\b(?:npx|npm\s+(?:i|install|exec)|pnpm\s+(?:add|dlx)|yarn\s+(?:add|dlx)|bunx|uvx|pip\s+install|docker\s+run)\b/;
const CLIENT_CONFIG =
  /"(?:mcpServers|servers|mcp)"\s*:|\bclaude\s+mcp\s+add\b|\bcode\s+--add-mcp\b|"command"\s*:\s*"/;

export function checkReadme(facts: PackageFacts): CheckResult {
  const readme = readmeText(facts);
  if (!readme) return fail('DOC-01', 'The package ships no README.');
  const parts = [
    { ok: readme.text.length >= README_MIN_CHARS, missing: `shorter than ${README_MIN_CHARS} characters` },
    { ok: INSTALL_COMMAND.test(readme.text), missing: 'no install or run command' },
    { ok: CLIENT_CONFIG.test(readme.text), missing: 'no client configuration example' },
  ];
  const missing = parts.filter((part) => !part.ok).map((part) => part.missing);
  const evidence = [{ location: readme.path, value: readme.text.length }];
  if (missing.length === 0)
    return pass('DOC-01', 'README with an install command and a client configuration example.', evidence);
  return graded(
    'DOC-01',
    (parts.length - missing.length) / parts.length,
    `README: ${missing.join('; ')}.`,
    evidence,
  );
}

/** A whole variable name: `process.env.SystemRoot` reads SystemRoot, not S. */
const ENV_READ =
  /process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*['"`]([A-Za-z_][A-Za-z0-9_]*)['"`]\s*\])|\bos\.environ(?:\.get\(\s*|\[\s*)['"]([A-Za-z_][A-Za-z0-9_]*)['"]/g;
const SOURCE_FILE = /\.(?:[cm]?js|[cm]?ts)$/;
const VENDORED = /(?:^|\/)(?:node_modules|third_party|vendor|vendored)\//;

export function environmentVariables(facts: PackageFacts): string[] {
  const names = new Set<string>();
  for (const file of facts.files) {
    if (!SOURCE_FILE.test(file.path) || VENDORED.test(file.path) || file.text === undefined) continue;
    for (const match of file.text.matchAll(ENV_READ)) names.add((match[1] ?? match[2] ?? match[3])!);
  }
  for (const file of rootFiles(facts, /^server\.json$/)) {
    try {
      for (const pkg of (JSON.parse(file.text ?? '{}').packages ?? []) as {
        environmentVariables?: { name?: string }[];
      }[]) {
        for (const variable of pkg.environmentVariables ?? [])
          if (typeof variable.name === 'string') names.add(variable.name);
      }
    } catch {
      // An unparseable server.json is LIC-03's finding.
    }
  }
  return [...names].filter((name) => !isPlatformVariable(name)).sort();
}

export function checkEnvironmentDocumented(facts: PackageFacts): CheckResult {
  const variables = environmentVariables(facts);
  if (variables.length === 0)
    return notApplicable('DOC-02', 'The server reads no environment variables of its own.');
  const readme = readmeText(facts);
  const undocumented = variables.filter((name) => !new RegExp(`\\b${name}\\b`).test(readme?.text ?? ''));
  const documented = variables.length - undocumented.length;
  return graded(
    'DOC-02',
    documented / variables.length,
    `${countOf(documented, variables.length, 'environment variables')} are mentioned in the README.`,
    undocumented.map((name) => ({
      location: readme?.path ?? 'README',
      value: `${name} is read but not mentioned`,
    })),
  );
}

export function checkChangelog(facts: PackageFacts): CheckResult {
  const file = rootFiles(facts, CHANGELOG)[0];
  if (file) return pass('DOC-03', `${file.path} ships with the package.`);
  return notRun(
    'DOC-03',
    'No changelog in the package; release notes on the repository host were not checked (offline).',
  );
}

export function checkNotDeprecated(facts: PackageFacts): CheckResult {
  if (!facts.registry) return notRun('MNT-01', 'No registry record to read (not installed from a registry).');
  if (facts.registry.deprecated) {
    return fail('MNT-01', 'This version is deprecated on the registry.', [
      { location: 'registry: deprecated', excerpt: facts.registry.deprecated.slice(0, 300) },
    ]);
  }
  return pass('MNT-01', 'Not deprecated on the registry (the repository archive state was not checked).');
}

export function checkRecentRelease(facts: PackageFacts, now: number): CheckResult {
  const published = facts.registry?.publishedAt ? Date.parse(facts.registry.publishedAt) : Number.NaN;
  if (Number.isNaN(published)) return notRun('MNT-02', 'No publication date from a registry.');
  const days = Math.floor((now - published) / DAY_MS);
  const evidence = [{ location: 'registry: time', value: facts.registry!.publishedAt! }];
  if (days <= RELEASE_FRESH_DAYS)
    return pass('MNT-02', `Released within the last ${RELEASE_FRESH_DAYS} days.`, evidence);
  if (days <= RELEASE_STALE_DAYS)
    return partial('MNT-02', 0.5, `Released ${days} days before the evaluation.`, evidence);
  return fail('MNT-02', `Released ${days} days before the evaluation.`, evidence);
}

/** A range with no upper bound, a moving tag, or a branch of a repository. */
export function isUnboundedRange(range: string): boolean {
  const text = range.trim();
  if (text === '' || text === '*' || /^[xX]$/.test(text)) return true;
  if (/^(?:git\+|git:|github:|https?:)/.test(text) || /^[\w-]+\/[\w.-]+$/.test(text))
    return !/#[0-9a-f]{7,40}$/.test(text);
  if (/^(?:file|link|workspace|npm):/.test(text)) return false;
  if (/^[a-z][\w-]*$/i.test(text)) return true;
  return text.split('||').some((part) => /^\s*>/.test(part) && !/</.test(part));
}

export function checkBoundedRanges(facts: PackageFacts): CheckResult {
  if (!facts.manifest) return notRun('MNT-03', 'No manifest to read.');
  const evidence: Evidence[] = [];
  for (const field of ['dependencies', 'optionalDependencies'] as const) {
    const deps = record(facts.manifest[field]);
    for (const name of Object.keys(deps).sort()) {
      const range = String(deps[name]);
      if (isUnboundedRange(range))
        evidence.push({ location: `package.json:/${field}/${name}`, excerpt: range });
    }
  }
  if (evidence.length > 0)
    return fail('MNT-03', `${evidence.length} dependency range(s) have no upper bound.`, evidence);
  return pass('MNT-03', 'Every dependency range is bounded.');
}

export function checkTestsAndCi(): CheckResult {
  return notRun(
    'MNT-04',
    'Needs the source repository: tests and CI workflows are not part of the published package.',
  );
}

export function checkSecurityPolicy(facts: PackageFacts): CheckResult {
  const file = rootFiles(facts, SECURITY)[0];
  if (file) return pass('MNT-05', `${file.path} ships with the package.`);
  return notRun('MNT-05', 'No SECURITY.md in the package; the source repository was not checked (offline).');
}

export function checkProvenance(facts: PackageFacts): CheckResult {
  if (!facts.registry) return notRun('MNT-06', 'No registry record to read (not installed from a registry).');
  if (facts.registry.provenance === null) {
    return notRun(
      'MNT-06',
      'The registry consulted reports no signatures or attestations at all, so provenance is unknown.',
    );
  }
  if (facts.registry.provenance)
    return pass('MNT-06', 'The registry lists a provenance attestation for this version.');
  return fail('MNT-06', 'This version was published without a provenance attestation.');
}

function licenceFiles(facts: PackageFacts) {
  return rootFiles(facts, LICENCE_FILE).filter((file) => file.text !== undefined);
}

function identifiedLicences(facts: PackageFacts): string[] {
  return [...new Set(licenceFiles(facts).flatMap((file) => identifyLicences(file.text!)))].sort();
}

const LOOKED_IN = 'the package tarball’s root (LICENSE, LICENCE, COPYING, UNLICENSE and their variants)';

function declaredOpenLicence(facts: PackageFacts): boolean {
  const declared = facts.manifest ? manifestLicence(facts.manifest) : null;
  const ids = declared ? spdxIds(declared) : [];
  return ids.length > 0 && ids.every((id) => isApproved(id));
}

/**
 * Whether the evaluator should ask the source repository: the package shows no open licence of its
 * own (the reference servers of modelcontextprotocol/servers say "SEE LICENSE IN LICENSE" and ship
 * none), and package.json names a GitHub repository to ask.
 */
export function needsRepositoryLicence(facts: PackageFacts): boolean {
  return (
    licenceFiles(facts).length === 0 &&
    !declaredOpenLicence(facts) &&
    sourceRepository(facts.manifest) !== null
  );
}

/** The repository's open licence, when it holds this package and its licence file is approved. */
function repositoryOpenLicence(found: RepositoryLicence | undefined): string[] {
  if (found?.outcome !== 'found' || found.namedBy === null) return [];
  const ids = identifyLicences(found.text);
  return ids.length > 0 && ids.every((id) => isApproved(id)) ? ids : [];
}

/** What the source repository showed, as the end of a sentence about where LIC-01 looked. */
function repositoryFinding(facts: PackageFacts): string {
  const looked = facts.repositoryLicence;
  const named = sourceRepository(facts.manifest);
  if (!looked) {
    return named
      ? `the source repository ${repositoryLabel(named)} was not checked`
      : 'package.json names no GitHub repository to look in';
  }
  const where = repositoryLabel(looked.repository);
  if (looked.outcome === 'none') return `GitHub knows no licence file in the source repository ${where}`;
  if (looked.outcome === 'unreachable')
    return `the source repository ${where} could not be read (${looked.reason})`;
  const ids = identifyLicences(looked.text);
  const licence = ids.length > 0 ? ids.join(' AND ') : 'not a recognised licence';
  if (looked.namedBy === null) {
    const name = typeof facts.manifest?.name === 'string' ? facts.manifest.name : 'this package';
    return `the source repository ${where} has ${looked.path} (${licence}), but no package.json in it is named ${name}, so it is not taken as this package’s source`;
  }
  return `the source repository ${where} has ${looked.path}, which is ${licence}, not an OSI- or FSF-approved licence`;
}

/** No licence file: the manifest's declaration, then the source repository, decide. */
function licenceFromManifest(facts: PackageFacts): CheckResult {
  const declared = facts.manifest ? manifestLicence(facts.manifest) : null;
  const evidence: Evidence[] = declared ? [{ location: 'package.json:/license', excerpt: declared }] : [];
  if (declaredOpenLicence(facts)) {
    return partial(
      'LIC-01',
      0.5,
      `No licence file in ${LOOKED_IN}; package.json declares ${declared}, an open licence. Ship the licence text with the package (add LICENSE to "files") for full credit.`,
      evidence,
    );
  }
  const found = declared
    ? `package.json declares "${declared}", which is not an OSI- or FSF-approved licence`
    : 'package.json declares none';
  const fromRepository = repositoryOpenLicence(facts.repositoryLicence);
  const looked = facts.repositoryLicence;
  if (looked?.outcome === 'found' && fromRepository.length > 0) {
    return partial(
      'LIC-01',
      0.5,
      `No licence file in ${LOOKED_IN}, and ${found}; the source repository ${repositoryLabel(looked.repository)}, whose ${looked.namedBy} names this package, has ${looked.path}: ${fromRepository.join(' AND ')}, ${fromRepository.length > 1 ? 'open licences' : 'an open licence'}. Ship the licence text with the package (add LICENSE to "files") for full credit.`,
      [...evidence, { location: looked.url, value: fromRepository.join(' AND ') }],
    );
  }
  return fail(
    'LIC-01',
    `No open licence: no licence file in ${LOOKED_IN}, ${found}, and ${repositoryFinding(facts)}.`,
    evidence,
  );
}

export function checkOpenLicence(facts: PackageFacts): CheckResult {
  const files = licenceFiles(facts);
  if (files.length === 0) return licenceFromManifest(facts);
  const ids = identifiedLicences(facts);
  const evidence = files.map((file) => ({
    location: file.path,
    value: identifyLicences(file.text!).join(' AND ') || 'not recognised',
  }));
  if (ids.length === 0)
    return partial(
      'LIC-01',
      0.5,
      'A licence file ships, but its text is not a recognised licence.',
      evidence,
    );
  const unapproved = ids.filter((id) => !isApproved(id));
  if (unapproved.length > 0)
    return fail('LIC-01', `Not an OSI/FSF-approved licence: ${unapproved.join(', ')}.`, evidence);
  return pass('LIC-01', `Licence file: ${ids.join(' AND ')}.`, evidence);
}

function manifestLicence(manifest: Record<string, unknown>): string | null {
  const licence = manifest.license;
  if (typeof licence === 'string') return licence;
  const typed = record(licence).type;
  if (typeof typed === 'string') return typed;
  const legacy = Array.isArray(manifest.licenses) ? manifest.licenses : [];
  const types = legacy
    .map((item) => record(item).type)
    .filter((type): type is string => typeof type === 'string');
  return types.length > 0 ? types.join(' OR ') : null;
}

export function checkManifestLicence(facts: PackageFacts): CheckResult {
  if (!facts.manifest) return notRun('LIC-02', 'No manifest to read.');
  const declared = manifestLicence(facts.manifest);
  if (!declared) return fail('LIC-02', 'package.json declares no licence.');
  const evidence = [{ location: 'package.json:/license', excerpt: declared }];
  if (/^SEE LICEN[CS]E IN\b/i.test(declared)) {
    return partial(
      'LIC-02',
      0.5,
      'package.json points to a file instead of naming an SPDX licence.',
      evidence,
    );
  }
  if (licenceFiles(facts).length === 0)
    return notApplicable('LIC-02', 'No licence file to compare package.json with; LIC-01 covers that.');
  const inFile = identifiedLicences(facts);
  if (inFile.length === 0)
    return partial('LIC-02', 0.5, 'The licence file is not recognised, so it cannot be compared.', evidence);
  const inManifest = spdxIds(declared);
  const shared = inManifest.filter((id) => inFile.includes(id));
  if (shared.length === inManifest.length && shared.length === inFile.length) {
    return pass('LIC-02', `package.json and the licence file agree: ${declared}.`, evidence);
  }
  const message = `package.json says ${declared}; the licence file is ${inFile.join(' AND ')}.`;
  return shared.length > 0 ? partial('LIC-02', 0.5, message, evidence) : fail('LIC-02', message, evidence);
}

const SEMVER = /^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const REGISTRY_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

export function serverJsonProblems(value: unknown, mcpName: unknown): string[] {
  const server = record(value);
  const problems: string[] = [];
  const name = server.name;
  if (typeof name !== 'string' || !REGISTRY_NAME.test(name) || name.length < 3 || name.length > 200) {
    problems.push('name is not a reverse-DNS registry name');
  } else if (name !== mcpName) {
    problems.push(`name ${name} does not match package.json mcpName ${JSON.stringify(mcpName ?? null)}`);
  }
  const description = server.description;
  if (typeof description !== 'string' || description.length < 1 || description.length > 100) {
    problems.push('description is not 1–100 characters');
  }
  if (typeof server.version !== 'string' || !SEMVER.test(server.version))
    problems.push('version is not a semver version');
  const packages = server.packages;
  if (packages !== undefined && !Array.isArray(packages)) problems.push('packages is not an array');
  for (const [index, pkg] of (Array.isArray(packages) ? packages : []).entries()) {
    const entry = record(pkg);
    if (typeof entry.registryType !== 'string' || typeof entry.identifier !== 'string') {
      problems.push(`packages[${index}] lacks registryType or identifier`);
    }
    if (typeof record(entry.transport).type !== 'string')
      problems.push(`packages[${index}] lacks a transport type`);
  }
  if (packages === undefined && server.remotes === undefined) problems.push('neither packages nor remotes');
  return problems;
}

export function checkServerJson(facts: PackageFacts): CheckResult {
  const mcpName = facts.manifest?.mcpName;
  const file = rootFiles(facts, /^server\.json$/)[0];
  if (!file) {
    if (typeof mcpName === 'string') {
      return partial(
        'LIC-03',
        0.5,
        `package.json declares mcpName ${mcpName}, but no server.json ships to validate.`,
      );
    }
    return fail(
      'LIC-03',
      'No server.json and no mcpName: the package is not described for the MCP registry.',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.text ?? '');
  } catch {
    return fail('LIC-03', 'server.json is not valid JSON.', [{ location: file.path }]);
  }
  const problems = serverJsonProblems(parsed, mcpName);
  if (problems.length === 0) return pass('LIC-03', 'server.json is valid and matches mcpName.');
  return fail('LIC-03', `server.json: ${problems.join('; ')}.`, [{ location: file.path }]);
}

export function checkPackageMetadata(facts: PackageFacts): CheckResult {
  if (!facts.manifest) return notRun('LIC-04', 'No manifest to read.');
  const fields = ['description', 'repository', 'homepage'] as const;
  const missing = fields.filter((field) => {
    const value = facts.manifest![field];
    return !(typeof value === 'string' ? value.trim() : record(value).url);
  });
  const present = fields.length - missing.length;
  return graded(
    'LIC-04',
    present / fields.length,
    missing.length === 0
      ? 'description, repository and homepage are set.'
      : `package.json lacks ${missing.join(', ')}.`,
  );
}

/** Every package check, in catalogue order. */
export function packageChecks(facts: PackageFacts, now: number): CheckResult[] {
  return [
    checkPackageSecrets(facts),
    notRun('SEC-08', 'Needs an advisory database (OSV), which this evaluator does not query.'),
    checkInstallScripts(facts),
    checkReadme(facts),
    checkEnvironmentDocumented(facts),
    checkChangelog(facts),
    checkNotDeprecated(facts),
    checkRecentRelease(facts, now),
    checkBoundedRanges(facts),
    checkTestsAndCi(),
    checkSecurityPolicy(facts),
    checkProvenance(facts),
    checkOpenLicence(facts),
    checkManifestLicence(facts),
    checkServerJson(facts),
    checkPackageMetadata(facts),
  ];
}

/** For targets with no package to read (a bare command or a URL). */
export function packageChecksNotRun(reason: string): CheckResult[] {
  return PACKAGE_CHECK_IDS.map((id) => notRun(id, reason));
}
