/**
 * The SKILL.md contract (agentskills.io, Anthropic's validator and platform rules): the file
 * loads (SKL-R01), the name (SKL-I01), the description (SKL-I02), the allowed keys (SKL-I03), a
 * narrow allowed-tools (SKL-S05), a licence (SKL-L01) and a version (SKL-M02).
 */
import type { CheckResult, Evidence } from '../../types.ts';
import {
  SKILL_COMPATIBILITY_MAX_CHARS,
  SKILL_DESCRIPTION_MAX_CHARS,
  SKILL_NAME_MAX_CHARS,
} from '../check-policy.ts';
import { excerpt, excerptAround } from '../escape-text.ts';
import { fail, notApplicable, partial, pass } from '../results.ts';
import type { SkillSnapshot } from '../snapshot.ts';
import { keyLine, SKILL_FILE, type SkillManifest } from './files.ts';

export const ALLOWED_KEYS = [
  'allowed-tools',
  'compatibility',
  'description',
  'license',
  'metadata',
  'name',
] as const;
const RESERVED_WORDS = ['anthropic', 'claude'];

function at(manifest: SkillManifest, key: string): string {
  return `${SKILL_FILE}:${keyLine(manifest.text, key)}`;
}

export function checkSkillLoads(loaded: { ok: true } | { ok: false; reason: string }): CheckResult {
  if (!loaded.ok) return fail('SKL-R01', `${loaded.reason}.`);
  return pass('SKL-R01', 'SKILL.md has a YAML frontmatter mapping.');
}

export function nameProblems(name: unknown, folder: string): string[] {
  if (typeof name !== 'string' || name.length === 0) return ['there is no name'];
  const problems: string[] = [];
  if (name.length > SKILL_NAME_MAX_CHARS) problems.push(`the name is ${name.length} characters long`);
  if (!/^[a-z0-9-]+$/.test(name)) problems.push('the name has characters outside a-z, 0-9 and "-"');
  if (/^-|-$|--/.test(name)) problems.push('the name has a leading, trailing or doubled hyphen');
  if (name !== folder) problems.push(`the name differs from the folder name "${folder}"`);
  const reserved = RESERVED_WORDS.filter((word) => name.toLowerCase().includes(word));
  if (reserved.length > 0) problems.push(`the name contains the reserved word "${reserved[0]}"`);
  return problems;
}

export function checkSkillName(manifest: SkillManifest, snapshot: SkillSnapshot): CheckResult {
  const name = manifest.frontmatter.name;
  const problems = nameProblems(name, snapshot.folder);
  const evidence: Evidence[] = [{ location: at(manifest, 'name'), excerpt: excerpt(String(name ?? '')) }];
  if (problems.length === 0) return pass('SKL-I01', 'The name is valid and matches the folder.', evidence);
  return fail('SKL-I01', `${problems.join('; ')}.`, evidence);
}

const FIRST_PERSON =
  /(?:^|[\s("'])I(?:'m|’m|'ll|’ll|'ve|’ve)?\s|\b(?:[Mm]e|[Mm]y|[Mm]ine|[Ww]e|[Ww]e're|[Oo]ur|[Oo]urs|us)\b/;
const SECOND_PERSON = /\b[Yy]ou(?:r|rs|'re|’re|'ll|’ll|'ve|’ve)?\b/;
const WHEN_CLAUSE =
  /\bwhen(?:ever)?\b|\buse\s+(?:it\s+|this(?:\s+skill)?\s+)?(?:for|if|to|on)\b|\bif\s+the\s+user\b|\btriggers?\b/i;

export function checkSkillDescription(manifest: SkillManifest): CheckResult {
  const description = manifest.frontmatter.description;
  const location = at(manifest, 'description');
  if (typeof description !== 'string' || description.trim().length === 0)
    return fail('SKL-I02', 'There is no description.');
  const evidence: Evidence[] = [{ location, excerpt: excerpt(description) }];
  const problems: string[] = [];
  if (description.length > SKILL_DESCRIPTION_MAX_CHARS)
    problems.push(`it is ${description.length} characters long`);
  if (/[<>]/.test(description)) problems.push('it contains "<" or ">"');
  const person = FIRST_PERSON.exec(description) ?? SECOND_PERSON.exec(description);
  if (person) {
    problems.push('it is written in the first or second person');
    evidence.push({
      location,
      excerpt: excerptAround(description, person.index, person.index + person[0].length, 60),
    });
  }
  if (problems.length > 0)
    return fail('SKL-I02', `The description is not usable: ${problems.join('; ')}.`, evidence);
  if (!WHEN_CLAUSE.test(description)) {
    return partial(
      'SKL-I02',
      0.5,
      'The description says what the skill does but not when to use it.',
      evidence,
    );
  }
  return pass('SKL-I02', 'Third-person description that says what and when.', evidence);
}

export function checkFrontmatterKeys(manifest: SkillManifest): CheckResult {
  const evidence: Evidence[] = [];
  for (const key of Object.keys(manifest.frontmatter).sort()) {
    if (!(ALLOWED_KEYS as readonly string[]).includes(key)) {
      evidence.push({ location: at(manifest, key), value: `"${key}" is not an allowed key` });
    }
  }
  const compatibility = manifest.frontmatter.compatibility;
  if (
    compatibility !== undefined &&
    (typeof compatibility !== 'string' || compatibility.length > SKILL_COMPATIBILITY_MAX_CHARS)
  ) {
    evidence.push({
      location: at(manifest, 'compatibility'),
      value: `compatibility must be text of at most ${SKILL_COMPATIBILITY_MAX_CHARS} characters`,
    });
  }
  const tools = manifest.frontmatter['allowed-tools'];
  if (
    tools !== undefined &&
    typeof tools !== 'string' &&
    !(Array.isArray(tools) && tools.every((tool) => typeof tool === 'string'))
  ) {
    evidence.push({
      location: at(manifest, 'allowed-tools'),
      value: 'allowed-tools must be a string or a list of strings',
    });
  }
  if (evidence.length === 0) return pass('SKL-I03', 'Only allowed frontmatter keys.');
  return fail('SKL-I03', `${evidence.length} frontmatter problem(s).`, evidence);
}

const WIDE_TOOLS = new Set(['Bash', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

/** `Bash`, `Bash(*)`, `Bash(:*)`, `Write(**)`: a shell or write tool with no scope. */
export function unrestrictedTools(allowed: unknown): string[] {
  const entries =
    typeof allowed === 'string'
      ? (allowed.match(/[A-Za-z][\w-]*(?:\([^)]*\))?/g) ?? [])
      : Array.isArray(allowed)
        ? allowed.map(String)
        : [];
  return entries.filter((entry) => {
    const match = /^\s*([A-Za-z][\w-]*)\s*(?:\(([^)]*)\))?\s*$/.exec(entry);
    if (!match || !WIDE_TOOLS.has(match[1]!)) return false;
    return match[2] === undefined || /^[\s*:]*$/.test(match[2]);
  });
}

export function checkAllowedTools(manifest: SkillManifest): CheckResult {
  const allowed = manifest.frontmatter['allowed-tools'];
  if (allowed === undefined) return notApplicable('SKL-S05', 'No allowed-tools in the frontmatter.');
  const wide = unrestrictedTools(allowed);
  const evidence = [
    {
      location: at(manifest, 'allowed-tools'),
      excerpt: excerpt(Array.isArray(allowed) ? allowed.join(' ') : String(allowed)),
    },
  ];
  if (wide.length > 0)
    return fail('SKL-S05', `Unrestricted shell or write access: ${wide.join(', ')}.`, evidence);
  return pass('SKL-S05', 'allowed-tools grants only scoped tools.', evidence);
}

const LICENCE_FILE = /^(?:licen[cs]e|copying)(?:[-._][\w.-]*)?$/i;
const CHANGELOG_FILE = /^(?:changelog|changes|history)(?:\.\w+)?$/i;

export function checkSkillLicence(manifest: SkillManifest, snapshot: SkillSnapshot): CheckResult {
  const licence = manifest.frontmatter.license;
  if (typeof licence === 'string' && licence.trim().length > 0) {
    return pass('SKL-L01', 'license is set in the frontmatter.', [
      { location: at(manifest, 'license'), excerpt: excerpt(licence) },
    ]);
  }
  const file = snapshot.files.find((candidate) => LICENCE_FILE.test(candidate.path));
  if (file) return pass('SKL-L01', `${file.path} ships with the skill.`);
  return fail('SKL-L01', 'No license in the frontmatter and no LICENSE file.');
}

export function checkSkillVersion(manifest: SkillManifest, snapshot: SkillSnapshot): CheckResult {
  const metadata = manifest.frontmatter.metadata;
  const version =
    metadata !== null && typeof metadata === 'object'
      ? (metadata as Record<string, unknown>).version
      : undefined;
  if (typeof version === 'string' || typeof version === 'number')
    return pass('SKL-M02', `metadata.version is ${version}.`);
  const changelog = snapshot.files.find((candidate) => CHANGELOG_FILE.test(candidate.path));
  if (changelog) return pass('SKL-M02', `${changelog.path} ships with the skill.`);
  return fail('SKL-M02', 'No metadata.version and no changelog.');
}
