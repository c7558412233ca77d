/**
 * Rubric caps for people: a capped package shows an af score far below its dimension scores (60 D
 * beside dimensions of 93 to 100 for a package without a licence file), which reads as a bug
 * unless the page names the cap and what it means. Words come from the rubric's `CAPS`.
 */
import { CAPS } from '../core/rubric/policy.ts';

export interface CapNote {
  id: string;
  /** "No licence", from the id. */
  title: string;
  /** The rubric's description, with its field names (`af_score`) written as words. */
  description: string;
  /** The af score the cap holds the package to, when it sets one. */
  maxAfScore: number | null;
  /** Whether the cap withholds the score (does not start): its flag already explains that. */
  unrunnable: boolean;
  /** Check ids whose failure triggers it. */
  triggeredBy: readonly string[];
}

function title(id: string): string {
  return id.replaceAll('-', ' ').replace(/^./, (first) => first.toUpperCase());
}

/** The caps named by `ids`, in the order given; an id this rubric does not know still gets a note. */
export function capNotes(ids: readonly string[]): CapNote[] {
  return ids.map((id) => {
    const rule = CAPS.find((cap) => cap.id === id);
    return {
      id,
      title: title(id),
      description: rule
        ? rule.description.replace(/\b([a-z]+)_score\b/g, '$1 score')
        : 'A rubric cap held this score down.',
      maxAfScore: rule?.maxAfScore ?? null,
      unrunnable: rule?.unrunnable === true,
      triggeredBy: rule?.triggeredBy ?? [],
    };
  });
}

/** Short words for a table cell: "capped: no licence". */
export function capsInWords(ids: readonly string[]): string {
  return `capped: ${capNotes(ids)
    .map((note) => note.title.toLowerCase())
    .join(', ')}`;
}
