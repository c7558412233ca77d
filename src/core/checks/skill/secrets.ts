/**
 * SKL-S02: no credentials in the skill's files. The scan is the one the package check SEC-07 uses
 * (`../secrets.ts`); a skill ships its files to every user who installs it.
 */
import type { CheckResult } from '../../types.ts';
import { secretsVerdict } from '../secrets.ts';
import type { SkillSnapshot } from '../snapshot.ts';

export function checkSkillSecrets(snapshot: SkillSnapshot): CheckResult {
  return secretsVerdict('SKL-S02', snapshot.files, 'skill');
}
