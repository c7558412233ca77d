/**
 * The licence finding in words: where the evaluation looked (the published package, a skill
 * folder, not the source repository), what it found there, what the catalogue says elsewhere, and
 * how a maintainer lifts the cap. "No open licence" beside a package's declared MIT reads as a
 * bug unless the page says that the published files, not the repository, lacked it.
 */
import type { CheckOutcome, PackageRecord } from '../../core/catalogue/catalogue-types.ts';

export interface LicenceFinding {
  /** The licence check's status, or null when it did not run. */
  status: CheckOutcome['status'] | null;
  /** Whether the no-licence cap holds the score down. */
  capped: boolean;
  lookedIn: string;
  found: string;
  /** What the catalogue records elsewhere (the repository's licence), when it differs from what was found. */
  elsewhere: string | null;
  /** How a maintainer fixes it; null when nothing needs fixing. */
  fix: string | null;
}

type LicenceRecord = Pick<
  PackageRecord,
  'kind' | 'license' | 'distribution' | 'checks' | 'caps_applied' | 'evaluated_artifact' | 'repository'
>;

interface Artifact {
  registry: string;
  name: string;
  version: string | null;
  folder: string | null;
}

/** `npm:@scope/name@1.2.0#skills/pdf` → registry npm, name @scope/name, version 1.2.0, folder skills/pdf. */
export function parseArtifact(artifact: string | null): Artifact | null {
  if (!artifact) return null;
  const colon = artifact.indexOf(':');
  if (colon <= 0) return null;
  const registry = artifact.slice(0, colon);
  const [target = '', folder = null] = artifact.slice(colon + 1).split('#', 2) as [string, string?];
  if (registry === 'npm' || registry === 'pypi') {
    const at = target.lastIndexOf('@');
    const split = at > 0;
    return {
      registry,
      name: split ? target.slice(0, at) : target,
      version: split ? target.slice(at + 1) : null,
      folder: folder ?? null,
    };
  }
  return { registry, name: target, version: null, folder: folder ?? null };
}

const REGISTRY_NAMES: Readonly<Record<string, string>> = { npm: 'npm', pypi: 'PyPI', oci: 'container' };

function publishedPackage(artifact: Artifact): string {
  const what = `the ${REGISTRY_NAMES[artifact.registry] ?? artifact.registry} package ${artifact.name}${artifact.version ? ` ${artifact.version}` : ''}`;
  return `${what} as published (its ${artifact.registry === 'npm' ? 'tarball' : 'files'})`;
}

function quoted(text: string): string {
  return `“${text}”`;
}

function serverFinding(
  record: LicenceRecord,
  artifact: Artifact | null,
): Omit<LicenceFinding, 'status' | 'capped' | 'elsewhere'> {
  const file = record.checks.find((check) => check.id === 'LIC-01');
  const manifest = record.checks.find((check) => check.id === 'LIC-02');
  const declared = manifest?.evidence?.find((item) => item.location === 'package.json:/license')?.excerpt;
  const licenceFile = file?.evidence?.find((item) => typeof item.value === 'string');
  const lookedIn = artifact
    ? `${publishedPackage(artifact)}: the licence file at its root and the license field of its package.json. The source repository was not read.`
    : 'the package files the evaluator read: a licence file at the root and the manifest’s license field.';
  let found: string;
  if (file?.status === 'pass' && licenceFile)
    found = `a licence file (${licenceFile.location}) with the ${licenceFile.value} licence${declared ? `, and package.json declares ${quoted(declared)}` : ''}.`;
  else if (licenceFile)
    found = `a licence file (${licenceFile.location}) whose text reads as ${licenceFile.value}${declared ? `; package.json declares ${quoted(declared)}` : ''}.`;
  else if (declared && /^SEE LICEN[CS]E IN\b/i.test(declared))
    found = `no licence file; package.json says ${quoted(declared)}, pointing to a file the published package does not contain.`;
  else if (declared) found = `no licence file; package.json declares ${quoted(declared)}.`;
  else found = 'no licence file, and package.json names no licence.';
  const needsFix = file?.status !== 'pass' || (manifest !== undefined && manifest.status !== 'pass');
  const fix = needsFix
    ? `Ship the licence text in the published package (a LICENSE file at its root; with npm, list it under "files" in package.json if "files" is set) and name the licence in package.json's license field as an SPDX identifier${record.license ? ` such as ${quoted(record.license)}` : ''}, then publish a new version. The next evaluation of that version lifts the cap.`
    : null;
  return { lookedIn, found, fix };
}

function skillFinding(
  record: LicenceRecord,
  artifact: Artifact | null,
): Omit<LicenceFinding, 'status' | 'capped' | 'elsewhere'> {
  const check = record.checks.find((outcome) => outcome.id === 'SKL-L01');
  const folder = artifact?.folder ?? record.distribution.skill ?? 'the skill folder';
  const source = artifact && artifact.registry !== 'git' ? ` of ${publishedPackage(artifact)}` : '';
  const lookedIn = `the skill folder ${folder}${source}: the license field of SKILL.md's frontmatter and a LICENSE file inside the folder. Files outside the folder (the package's or repository's own licence) were not read.`;
  const found =
    check?.status === 'pass'
      ? `${check.message ?? 'a licence'}`
      : 'no license field in the frontmatter and no LICENSE file in the folder.';
  const fix =
    check?.status === 'pass'
      ? null
      : `Add \`license: ${record.license ?? '<SPDX identifier>'}\` to the frontmatter of SKILL.md, or put a LICENSE file in ${folder}, then publish. The next evaluation lifts the cap.`;
  return { lookedIn, found, fix };
}

/** The licence finding of a package's shown evaluation; null when it has none. */
export function licenceFinding(record: LicenceRecord): LicenceFinding | null {
  const checkId = record.kind === 'skill' ? 'SKL-L01' : 'LIC-01';
  const check = record.checks.find((outcome) => outcome.id === checkId);
  if (!check) return null;
  const artifact = parseArtifact(record.evaluated_artifact);
  const parts = record.kind === 'skill' ? skillFinding(record, artifact) : serverFinding(record, artifact);
  const passed = check.status === 'pass';
  const elsewhere =
    !passed && record.license
      ? `The catalogue lists ${quoted(record.license)} for this package, from its repository${record.kind === 'skill' ? ' or the package that ships it' : ''}; the evaluated files did not carry it.`
      : null;
  return {
    status: check.status === 'not_run' ? null : check.status,
    capped: record.caps_applied.includes('no-licence'),
    ...parts,
    elsewhere,
  };
}
