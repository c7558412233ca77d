import { GRADE_BANDS } from '../rubric/policy.ts';
import type { Grade } from '../types.ts';

export function gradeFor(score: number): Grade {
  return GRADE_BANDS.find((band) => score >= band.min)?.grade ?? 'F';
}
