/**
 * The shape of a check's definition. Each definition sits beside its check's code
 * (`checks/<subject>/<name>.def.ts`); `checks.ts` here assembles them into the catalogue.
 */
import type { CheckMethod, Severity } from '../types.ts';
import type { PackageKind } from '../vocabulary.ts';
import type { Dimension } from './dimensions.ts';
import type { RubricVersion } from './versions.ts';

export interface CheckDefinition {
  id: string;
  kind: PackageKind;
  dimension: Dimension;
  severity: Severity;
  method: CheckMethod;
  title: string;
  /** What a pass means; partial and fail are the degrees short of it. */
  passes: string;
  /** An `error` outcome counts as a fail instead of being left out (the check guards everything else). */
  failClosed?: boolean;
  /** The outcome can be recomputed from the tool/skill snapshot embedded in the document. */
  fromSnapshot?: boolean;
  remediation: string;
}

/** What a check was in the versions before `until`. */
export interface EarlierForm {
  until: RubricVersion;
  was: Partial<Pick<CheckDefinition, 'severity' | 'title' | 'passes' | 'fromSnapshot' | 'failClosed'>>;
}

/** A check as its definition file writes it: the kind comes from the list the rubric puts it in. */
export type CheckEntry = Omit<CheckDefinition, 'kind'> & {
  /** The first version with this check (2.0 when absent). */
  since?: RubricVersion;
  /** Its earlier forms, newest change last. */
  before?: readonly EarlierForm[];
};
