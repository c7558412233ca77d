/**
 * SEC-06: a server that shows different definitions to different clients (bait-and-switch, the
 * honest face for a scanner) or changes them after it was listed (a rug pull, after the first call
 * or on a later connection) is deceiving the user who approved it. The evaluator records every
 * listing as a face; this compares them all with the first, and the results of the same calls
 * made under each client name (`result-faces.ts`). Values that vary by nature (dates, times, long
 * numbers, ids) are masked first, so a clock in a description is not a rug pull.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { canonicalJson } from '../canonical-json.ts';
import { excerpt } from '../escape-text.ts';
import { fail, notRun, partial, pass } from '../results.ts';
import {
  type FaceDefinitions,
  firstFaceDefinitions,
  type McpSnapshot,
  type ObservedFace,
  type SectionList,
} from '../snapshot.ts';
import { resultFaceEvidence } from './result-faces.ts';

const VOLATILE: readonly [RegExp, string][] = [
  [/\b\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?\b/g, '<date>'],
  [/\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?\b/gi, '<time>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/gi, '<hex>'],
  [/\d{4,}/g, '<number>'],
];

function maskText(text: string): string {
  return VOLATILE.reduce((masked, [pattern, token]) => masked.replace(pattern, token), text);
}

function mask(value: unknown): unknown {
  if (typeof value === 'string') return maskText(value);
  if (Array.isArray(value)) {
    const items = value.map(mask);
    // Enum values built from a set may come in any order.
    return items.every((item) => typeof item === 'string') ? [...(items as string[])].sort() : items;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, mask(inner)]));
  }
  return value;
}

/** The definitions each face showed: its own, an earlier identical face's, or the first listing's. */
export function faceDefinitions(snapshot: McpSnapshot): FaceDefinitions[] {
  const faces = snapshot.faces ?? [];
  const resolved: FaceDefinitions[] = [];
  faces.forEach((face, index) => {
    if (face.definitions) resolved.push(face.definitions);
    else if (face.same_as !== undefined && face.same_as < index) resolved.push(resolved[face.same_as]!);
    else resolved.push(firstFaceDefinitions(snapshot));
  });
  return resolved;
}

type Section = 'tools' | 'prompts' | 'resources' | 'resource_templates';
const SECTIONS: readonly [Section, string, SectionList][] = [
  ['tools', 'name', 'tools/list'],
  ['prompts', 'name', 'prompts/list'],
  ['resources', 'uri', 'resources/list'],
  ['resource_templates', 'uriTemplate', 'resources/templates/list'],
];

/**
 * Both faces as far as both were read: a section whose list failed on either is left empty in both,
 * so a resources/list that fails on one connection (a backend the sandbox cannot reach, a busy
 * machine) is never taken for resources removed.
 */
function comparable(a: FaceDefinitions, b: FaceDefinitions): [FaceDefinitions, FaceDefinitions] {
  const skipped = new Set([...(a.unlisted ?? []), ...(b.unlisted ?? [])]);
  const read = ({ unlisted: _, ...face }: FaceDefinitions): FaceDefinitions => {
    const out = { ...face };
    for (const [section, , list] of SECTIONS) if (skipped.has(list)) out[section] = [];
    return out;
  };
  return [read(a), read(b)];
}

interface Difference {
  path: string;
  /** The text this face showed there, for the excerpt. */
  shown: string;
  what: string;
}

function keyed(items: readonly Record<string, unknown>[], key: string): Map<string, Record<string, unknown>> {
  return new Map(items.map((item) => [String(item[key]), item]));
}

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  // A field one listing has and the other lacks (a title added after a call) is a change, not a crash.
  return fields.filter(
    (field) => canonicalJson(mask(before[field] ?? null)) !== canonicalJson(mask(after[field] ?? null)),
  );
}

function differences(a: FaceDefinitions, b: FaceDefinitions): Difference[] {
  const [first, other] = comparable(a, b);
  const out: Difference[] = [];
  if (
    canonicalJson(mask(first.server.instructions ?? null)) !==
    canonicalJson(mask(other.server.instructions ?? null))
  ) {
    out.push({
      path: 'server.instructions',
      shown: other.server.instructions ?? '',
      what: 'instructions changed',
    });
  }
  for (const [section, key] of SECTIONS) {
    const before = keyed(first[section] as Record<string, unknown>[], key);
    const after = keyed(other[section] as Record<string, unknown>[], key);
    for (const [name, item] of after) {
      const path = `${section}[${name}]`;
      const earlier = before.get(name);
      if (!earlier) {
        out.push({ path, shown: String(item.description ?? name), what: 'added' });
        continue;
      }
      for (const field of changedFields(earlier, item)) {
        const shown = item[field];
        out.push({
          path: `${path}.${field}`,
          shown: typeof shown === 'string' ? shown : canonicalJson(shown ?? null),
          what: `${field} changed`,
        });
      }
    }
    for (const name of before.keys()) {
      if (!after.has(name)) out.push({ path: `${section}[${name}]`, shown: '', what: 'removed' });
    }
  }
  return out;
}

/**
 * Why a face differs: the client's name when every other listing under the first client's name
 * agrees with the first one, otherwise time (a call, a notification, a later connection).
 */
function cause(
  faces: readonly ObservedFace[],
  index: number,
  same: (a: number, b: number) => boolean,
): string {
  const face = faces[index]!;
  const first = faces[0]!;
  const changedOverTime = faces.some(
    (other, at) => at !== 0 && other.identity === first.identity && !same(0, at),
  );
  if (face.identity !== first.identity) {
    return changedOverTime
      ? `seen by the client "${face.identity}" (the definitions also changed over time)`
      : `shown only to the client "${face.identity}"`;
  }
  if (face.connection === first.connection)
    return `changed during the session${face.after ? ` after ${face.after}` : ''}`;
  return `changed on connection ${face.connection}`;
}

/**
 * Connections that never started or could not list (a busy machine, a flaky server) leave fewer
 * faces to compare: the check still rates what it saw, with half credit, so one flaky start cannot
 * unpublish a score.
 */
function reduced(snapshot: McpSnapshot, listings: string): CheckResult {
  const unreached = snapshot.unreached ?? [];
  const names = unreached.map((face) => `${face.identity} (connection ${face.connection})`).join(', ');
  return partial(
    'SEC-06',
    0.5,
    unreached.length > 0
      ? `Identical definitions on ${listings}, but ${unreached.length} connection(s) did not start or could not list, and could not be compared: ${names}.`
      : `Identical definitions on ${listings}, but only one client name was listed, so faces shown to other clients could not be compared.`,
    unreached.map((face) => ({
      location: `connection ${face.connection}`,
      face: face.identity,
      value: face.error,
    })),
  );
}

/**
 * Listings that could not read a list another listing read: their sections were not compared, as
 * when a connection could not list at all, so the check gives the same half credit.
 */
function unevenlyListed(faces: readonly ObservedFace[], definitions: readonly FaceDefinitions[]): Evidence[] {
  const evidence: Evidence[] = [];
  for (const [, , list] of SECTIONS) {
    const failedOn = definitions.flatMap((face, index) => (face.unlisted?.includes(list) ? [index] : []));
    if (failedOn.length === 0 || failedOn.length === faces.length) continue;
    for (const index of failedOn) {
      evidence.push({
        location: `/faces/${index}`,
        face: faces[index]!.label,
        value: `${list} failed on this listing and answered on others, so its ${list.split('/')[0]} could not be compared`,
      });
    }
  }
  return evidence;
}

/** The lists that failed on every listing: nothing of theirs was read, so nothing was compared. */
function neverListed(definitions: readonly FaceDefinitions[]): string {
  const lists = SECTIONS.map(([, , list]) => list).filter((list) =>
    definitions.every((face) => face.unlisted?.includes(list)),
  );
  return lists.length > 0
    ? ` ${lists.join(' and ')} failed on every listing, so ${lists.length > 1 ? 'they were' : 'it was'} not compared.`
    : '';
}

export function checkDefinitionChanges(snapshot: McpSnapshot): CheckResult {
  const faces = snapshot.faces ?? [];
  const identities = [...new Set(faces.map((face) => face.identity))];
  if (faces.length === 0) return notRun('SEC-06', 'The evaluator recorded no faces to compare.');
  const definitions = faceDefinitions(snapshot);
  const masked = definitions.map((face) => mask(face) as FaceDefinitions);
  const whole = masked.map((face) => (face.unlisted ? null : canonicalJson(face)));
  const same = (a: number, b: number) => {
    if (whole[a] !== null && whole[b] !== null) return whole[a] === whole[b];
    const [left, right] = comparable(masked[a]!, masked[b]!);
    return canonicalJson(left) === canonicalJson(right);
  };
  const evidence: Evidence[] = [];
  faces.forEach((face, index) => {
    if (index === 0 || same(0, index)) return;
    const why = cause(faces, index, same);
    for (const difference of differences(definitions[0]!, definitions[index]!)) {
      evidence.push({
        location: `/faces/${index}`,
        path: difference.path,
        face: face.label,
        severity: 'critical',
        ...(difference.shown ? { excerpt: excerpt(difference.shown) } : {}),
        value: `${difference.what}: ${why}, unlike ${faces[0]!.label}`,
      });
    }
  });
  const listings = `${faces.length} listings by ${identities.join(', ')}`;
  if (evidence.length > 0) {
    return fail('SEC-06', `The definitions differ between clients or change over time (${listings}).`, [
      ...evidence,
      ...resultFaceEvidence(snapshot, maskText),
    ]);
  }
  const results = resultFaceEvidence(snapshot, maskText);
  if (results.length > 0) {
    return fail(
      'SEC-06',
      `A tool answers the same call with more or other text for some clients than for others (${listings}).`,
      results,
    );
  }
  const uneven = unevenlyListed(faces, definitions);
  if (uneven.length > 0) {
    return partial(
      'SEC-06',
      0.5,
      `Identical definitions where compared on ${listings}, but some lists failed on some listings and answered on others, so those could not be compared.`,
      uneven,
    );
  }
  if ((snapshot.unreached ?? []).length > 0 || identities.length < 2) return reduced(snapshot, listings);
  const calls = faces.filter((face) => face.after?.startsWith('tools/call')).length;
  return pass(
    'SEC-06',
    `Identical definitions on ${listings}${calls > 0 ? `, including after ${calls} tool call(s)` : ''}.${neverListed(definitions)}`,
  );
}
