/**
 * What a score rests on, in words, wherever a score is shown: one line for lists and tables
 * ("Capped at 60: no licence · 1 evaluation · deterministic checks only · 5 of 7 dimensions"),
 * and sentences for the package page. From the record's `score_basis` (core/catalogue/score-basis.ts).
 */
import type { ScoreBasis } from '../../core/catalogue/score-basis.ts';
import { DIMENSION_TITLES, DIMENSIONS } from '../../core/rubric/dimensions.ts';
import { capNotes } from '../caps.ts';
import { plural } from '../format.ts';

/** "Documentation and Maintenance", "Security, Interface and Licensing". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "Capped at 60: no licence", one per cap. */
export function capPhrases(basis: ScoreBasis): string[] {
  return capNotes(basis.caps.map((cap) => cap.id)).map((note, index) => {
    const max = basis.caps[index]!.max_af_score;
    return `${max === null ? 'Capped' : `Capped at ${max}`}: ${note.title.toLowerCase()}`;
  });
}

/** Whether a score rests on one evaluation only: no second evaluator has confirmed it. */
export function restsOnSingleEvaluation(basis: ScoreBasis | null): boolean {
  return basis !== null && basis.evaluations_counted === 1;
}

/**
 * "single evaluation", "single evaluation, by the operator", "3 evaluations, consensus",
 * "2 evaluations that disagree": a score no second evaluator confirmed says so in every list.
 */
export function evaluationsPhrase(basis: ScoreBasis): string {
  if (restsOnSingleEvaluation(basis))
    return basis.operator_evaluations > 0 ? 'single evaluation, by the operator' : 'single evaluation';
  const count = plural(basis.evaluations_counted, 'evaluation');
  if (basis.confidence === 'disputed') return `${count} that disagree`;
  if (basis.confidence === 'consensus') return `${count}, consensus`;
  if (basis.confidence === 'self-reported') return `${count}, by a maintainer`;
  return count;
}

export function judgedPhrase(basis: ScoreBasis): string {
  return basis.model_judged ? 'model-judged checks included' : 'deterministic checks only';
}

export function dimensionsPhrase(basis: ScoreBasis): string {
  return `${basis.dimensions_counted.length} of ${DIMENSIONS.length} dimensions`;
}

/** The phrases of a list row, caps first. */
export function basisPhrases(basis: ScoreBasis | null): string[] {
  if (basis === null) return [];
  return [...capPhrases(basis), evaluationsPhrase(basis), judgedPhrase(basis), dimensionsPhrase(basis)];
}

/** The sentences under a package's score. */
export function basisSentences(basis: ScoreBasis): string[] {
  const sentences: string[] = [];
  const evaluations = plural(basis.evaluations_counted, 'evaluation');
  if (restsOnSingleEvaluation(basis))
    sentences.push(
      basis.operator_evaluations > 0
        ? "It rests on a single evaluation, by the operator's own worker, not yet confirmed by an independent evaluator: the operator counts as one evaluator like anyone, so a mistaken run would show here as it is."
        : 'It rests on a single evaluation, not yet confirmed by a second evaluator: one careless or mistaken run would show here as it is.',
    );
  else if (basis.confidence === 'disputed')
    sentences.push(`It combines ${evaluations} whose evaluators disagree by more than the tolerance.`);
  else
    sentences.push(
      `It combines ${evaluations} by a weighted median, so no single evaluation can move it far${basis.operator_evaluations > 0 ? "; one of them is the operator's own worker's, counted as one evaluator like any other" : ''}.`,
    );
  sentences.push(
    basis.model_judged
      ? 'Checks judged by a pinned model ran alongside the deterministic ones.'
      : 'Only deterministic checks ran: nothing was judged by a model (descriptions, documentation and poisoning checks that need one were not run).',
  );
  const counted = basis.dimensions_counted.map((dimension) => DIMENSION_TITLES[dimension]);
  const missing = basis.dimensions_not_counted.map((dimension) => DIMENSION_TITLES[dimension]);
  sentences.push(
    missing.length === 0
      ? `It weighs all ${DIMENSIONS.length} dimensions.`
      : `It weighs ${counted.length} of ${DIMENSIONS.length} dimensions, rescaled to 100: ${listInWords(missing)} had too few checks run to score and ${missing.length === 1 ? 'is' : 'are'} left out.`,
  );
  return sentences;
}
