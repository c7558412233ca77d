/**
 * Every deterministic skill check from the folder's snapshot (plus the script syntax results the
 * evaluator gathered). `skillSnapshotChecks` is the subset marked `fromSnapshot`, which the
 * service can recompute from a document's `inputs`.
 */
import type { CheckResult } from '../../types.ts';
import { notRun } from '../results.ts';
import type { SkillSnapshot } from '../snapshot.ts';
import { checkCompactBody, checkEvaluationsShipped, checkStructuredBody } from './body.ts';
import { checkPipeToShell, checkRuntimeFetch } from './code-safety.ts';
import { readSkillManifest } from './files.ts';
import {
  checkAllowedTools,
  checkFrontmatterKeys,
  checkSkillDescription,
  checkSkillLicence,
  checkSkillLoads,
  checkSkillName,
  checkSkillVersion,
} from './frontmatter.ts';
import { checkSkillHiddenContent } from './hidden-content.ts';
import { checkProgressiveDisclosure, checkSkillReferences } from './references.ts';
import { checkScriptSyntax, type ScriptSyntax } from './scripts.ts';
import { checkSkillSecrets } from './secrets.ts';

const NEEDS_MANIFEST = [
  'SKL-S05',
  'SKL-I01',
  'SKL-I02',
  'SKL-I03',
  'SKL-D01',
  'SKL-E01',
  'SKL-M02',
  'SKL-L01',
] as const;

export function skillSnapshotChecks(snapshot: SkillSnapshot): CheckResult[] {
  const loaded = readSkillManifest(snapshot);
  const results: CheckResult[] = [
    checkSkillHiddenContent(snapshot),
    checkSkillLoads(loaded),
    checkSkillReferences(snapshot),
    checkProgressiveDisclosure(snapshot),
    checkEvaluationsShipped(snapshot),
  ];
  if (!loaded.ok) {
    return [
      ...results,
      ...NEEDS_MANIFEST.filter((id) => id !== 'SKL-S05').map((id) => notRun(id, 'SKILL.md did not load.')),
    ];
  }
  const { manifest } = loaded;
  return [
    ...results,
    checkSkillName(manifest, snapshot),
    checkSkillDescription(manifest),
    checkFrontmatterKeys(manifest),
    checkStructuredBody(manifest),
    checkCompactBody(manifest),
    checkSkillVersion(manifest, snapshot),
    checkSkillLicence(manifest, snapshot),
  ];
}

/** The deterministic checks that read the files but are not recomputed by the service. */
export function skillFileChecks(snapshot: SkillSnapshot, scripts: readonly ScriptSyntax[]): CheckResult[] {
  const loaded = readSkillManifest(snapshot);
  return [
    checkSkillSecrets(snapshot),
    checkPipeToShell(snapshot),
    checkRuntimeFetch(snapshot),
    loaded.ok ? checkAllowedTools(loaded.manifest) : notRun('SKL-S05', 'SKILL.md did not load.'),
    checkScriptSyntax(scripts),
  ];
}
