/**
 * SEC-01, SEC-02, SEC-03, SEC-04 and SEC-14: the verdicts of the detection rules over everything a
 * model reads from the server, on every face. A critical finding fails the check (and the rubric
 * caps the score inside F); a high one gives half credit, a medium one three quarters; low ones
 * are shown with a pass. Evidence names the face, the field path and the text with its hidden
 * characters made visible.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { type Detection, detect } from '../detection/detect.ts';
import { type DetectionCheck, type Finding, gravest, SEVERITY_RANK } from '../detection/finding.ts';
import { excerptAround } from '../escape-text.ts';
import { fail, notRun, partial, pass } from '../results.ts';
import type { McpSnapshot } from '../snapshot.ts';

const detections = new WeakMap<McpSnapshot, Detection>();

/** One detection per snapshot, shared by the five checks. */
export function detectionOf(snapshot: McpSnapshot): Detection {
  let detection = detections.get(snapshot);
  if (!detection) {
    detection = detect(snapshot);
    detections.set(snapshot, detection);
  }
  return detection;
}

const PARTIAL_CREDIT = { high: 0.5, medium: 0.75 } as const;

function evidenceOf(finding: Finding): Evidence {
  return {
    location: finding.text.pointer,
    path: finding.text.path,
    face: finding.text.face,
    severity: finding.severity,
    excerpt: excerptAround(finding.text.text, finding.start, finding.end),
    value: `${finding.rule}: ${finding.note}`,
  };
}

interface Wording {
  pass: string;
  /** "… in N place(s)" follows. */
  fail: string;
  partial: string;
}

function verdict(id: DetectionCheck, snapshot: McpSnapshot, wording: Wording): CheckResult {
  const { oversized } = detectionOf(snapshot);
  if (oversized)
    return notRun(
      id,
      `The server's definitions and contents hold ${oversized.chars.toLocaleString('en-US')} characters, more than the ${oversized.limit.toLocaleString('en-US')} the detection rules read; a reading of part of them could miss what the rest hides, so none was scored.`,
    );
  const findings = detectionOf(snapshot)
    .findings.filter((finding) => finding.check === id)
    .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
  const evidence = findings.map(evidenceOf);
  const places = (list: readonly Finding[]) =>
    new Set(list.map((finding) => `${finding.text.pointer} ${finding.start}`)).size;
  const worst = gravest(findings);
  if (worst === null) return pass(id, wording.pass);
  if (worst === 'critical') {
    const critical = findings.filter((finding) => finding.severity === 'critical');
    return fail(id, `${wording.fail} in ${places(critical)} place(s).`, evidence);
  }
  if (worst === 'low')
    return pass(id, `${wording.pass} Noted: ${findings.length} minor observation(s).`, evidence);
  return partial(id, PARTIAL_CREDIT[worst], `${wording.partial} in ${places(findings)} place(s).`, evidence);
}

/** The words of each check's verdict, as data. */
const WORDINGS: Readonly<Record<DetectionCheck, Wording>> = {
  'SEC-01': {
    pass: 'No characters that hide or reorder text in anything the server sends.',
    fail: 'Characters that hide or reorder text, or disguise an instruction,',
    partial: 'Invisible or control characters',
  },
  'SEC-02': {
    pass: 'Nothing addresses the model over the user’s head.',
    fail: 'Instructions aimed at the model behind the user’s back',
    partial: 'Instruction markup or pressure aimed at the model',
  },
  'SEC-03': {
    pass: 'Nothing directs tools this server does not offer.',
    fail: 'Directions for other servers’ tools, or redirection of their data,',
    partial: 'Claims over other tools',
  },
  'SEC-04': {
    pass: 'Nothing asks for secrets, credentials or the conversation.',
    fail: 'Requests for secrets, credentials or the conversation',
    partial: 'Requests for credentials or personal data',
  },
  'SEC-14': {
    pass: 'Every name is plainly what it looks like.',
    fail: 'Names spelled with look-alike or invisible characters',
    partial: 'Names with unusual characters',
  },
};

const checkOf = (id: DetectionCheck) => (snapshot: McpSnapshot) => verdict(id, snapshot, WORDINGS[id]);

export const checkHiddenCharacters = checkOf('SEC-01');
export const checkHiddenInstructions = checkOf('SEC-02');
export const checkShadowing = checkOf('SEC-03');
export const checkSensitiveRequests = checkOf('SEC-04');
export const checkLookAlikeNames = checkOf('SEC-14');
