/**
 * The rubric's definitions of the skill checks in `frontmatter.ts` (SKL-S05, SKL-R01, SKL-I01, SKL-I02, SKL-I03, SKL-M02, SKL-L01): SKILL.md's frontmatter.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const SKILL_FRONTMATTER_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SKL-S05',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    title: 'Narrow allowed-tools',
    passes:
      'allowed-tools, when present, grants no unrestricted shell or write access (such as Bash(*)). Not applicable when absent.',
    remediation: 'List only the commands the skill needs, e.g. Bash(git status:*).',
  },
  {
    id: 'SKL-R01',
    dimension: 'reliability',
    severity: 'critical',
    method: 'deterministic',
    failClosed: true,
    fromSnapshot: true,
    title: 'SKILL.md loads',
    passes: 'SKILL.md exists and its YAML frontmatter parses to a mapping.',
    remediation: 'Add SKILL.md with a `---` fenced YAML frontmatter block at the top.',
  },
  {
    id: 'SKL-I01',
    dimension: 'interface',
    severity: 'high',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Valid name',
    passes:
      'name is 1–64 characters of [a-z0-9-], has no leading, trailing or doubled hyphen, equals the folder name and contains neither "anthropic" nor "claude".',
    remediation: 'Rename the skill (and its folder) to a short lowercase hyphenated name.',
  },
  {
    id: 'SKL-I02',
    dimension: 'interface',
    severity: 'high',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Usable description',
    passes:
      'description is 1–1024 characters, has no `<` or `>`, is not written in first or second person, and says when to use the skill. Partial: no "when" clause.',
    remediation: 'Write "Does X. Use when Y." in the third person.',
  },
  {
    id: 'SKL-I03',
    dimension: 'interface',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Only allowed frontmatter keys',
    passes:
      'Frontmatter keys are among name, description, license, allowed-tools, metadata, compatibility; compatibility is at most 500 characters; allowed-tools is a string or a list of strings.',
    remediation: 'Move other keys under metadata.',
  },
  {
    id: 'SKL-M02',
    dimension: 'maintenance',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Versioned',
    passes: 'The skill states a version (metadata.version) or ships a changelog.',
    remediation: 'Add metadata.version and bump it on every change.',
  },
  {
    id: 'SKL-L01',
    dimension: 'licensing',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Licence stated',
    passes: 'license is set in the frontmatter, or a LICENSE file ships with the skill.',
    remediation: 'State the licence so others know whether they may use the skill.',
  },
];
