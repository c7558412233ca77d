/**
 * The evaluator's verdict on one detection-corpus case: the real probe (every client identity,
 * listings, prompt and resource reads, exploration calls, re-listings after notifications) run
 * in-process against the case's server, then the snapshot and runtime checks and the rubric's
 * scoring. A case is caught when the critical-security cap applies, that is when the package
 * would grade F whatever else it does well; a benign case caught is a false alarm.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { runtimeChecks } from '../../src/core/checks/server/runtime-checks.ts';
import { mcpSnapshotChecks } from '../../src/core/checks/server/snapshot-checks.ts';
import type { McpSnapshot } from '../../src/core/checks/snapshot.ts';
import { scoreChecks } from '../../src/core/scoring/score-checks.ts';
import type { CheckResult } from '../../src/core/types.ts';
import type { JudgeContext } from '../../src/evaluator/llm/judge.ts';
import { judgePoisoning } from '../../src/evaluator/llm/judged-checks.ts';
import { probeServer, type ServerLauncher } from '../../src/evaluator/mcp-probe.ts';
import type { CorpusCase, Label, Technique } from './corpus.ts';
import { type CorpusState, newCorpusState, serveOn } from './corpus-server.ts';

const CRITICAL_CAP = 'critical-security-finding';
/** In-process servers answer at once; a short grace still lets a list_changed arrive. */
const NOTIFICATION_GRACE_MS = 30;

export interface FailedCheck {
  id: string;
  summary: string;
  /** `rule: note` of each piece of evidence, gravest first. */
  evidence: string[];
}

/** What the poisoning judge (SEC-L1) said of a case, when the bench ran one. */
export type JudgedVerdict = { flagged: boolean; findings: string[] } | { error: string };

export interface CaseVerdict {
  id: string;
  label: Label;
  techniques: Technique[];
  /** The critical-security cap applied: the package grades F. */
  caught: boolean;
  grade: string | null;
  failed: FailedCheck[];
  judged?: JudgedVerdict;
}

function corpusLauncher(testCase: CorpusCase, state: CorpusState): ServerLauncher {
  return {
    // Judged like a package started over stdio: exploration may call any non-destructive tool.
    transport: 'stdio',
    open() {
      const [client, server] = InMemoryTransport.createLinkedPair();
      serveOn(server, testCase, state).catch(() => void server.close());
      return { transport: client, failure: async () => `the case server for ${testCase.id} closed` };
    },
  };
}

function failedChecks(checks: readonly CheckResult[]): FailedCheck[] {
  return checks
    .filter((check) => check.status === 'fail' && /^SEC-/.test(check.id))
    .map((check) => ({
      id: check.id,
      summary: check.message ?? '',
      evidence: (check.evidence ?? []).map((item) => String(item.value ?? item.excerpt ?? '')),
    }));
}

async function judgedVerdict(snapshot: McpSnapshot | undefined, judge: JudgeContext): Promise<JudgedVerdict> {
  if (!snapshot) return { error: 'the server listed nothing to judge' };
  const result = await judgePoisoning(snapshot, judge);
  if (result.status === 'error') return { error: result.message ?? 'the judge gave no verdict' };
  return {
    flagged: result.status === 'fail',
    findings: (result.evidence ?? []).map(
      (item) => `${item.path ?? item.location}: ${String(item.value ?? '')}`,
    ),
  };
}

/** `judge`: also run the judged SEC-L1 on the snapshot (the cap does not depend on it). */
export async function verdictOf(testCase: CorpusCase, judge?: JudgeContext): Promise<CaseVerdict> {
  const probe = await probeServer(corpusLauncher(testCase, newCorpusState()), () => {}, {
    notificationGraceMs: NOTIFICATION_GRACE_MS,
  });
  const checks = [
    ...(probe.snapshot ? mcpSnapshotChecks(probe.snapshot) : []),
    ...runtimeChecks(probe.facts),
  ];
  const scores = scoreChecks('mcp-server', checks);
  return {
    id: testCase.id,
    label: testCase.label,
    techniques: testCase.techniques,
    caught: scores.capsApplied.includes(CRITICAL_CAP),
    grade: scores.grade,
    failed: failedChecks(checks),
    ...(judge ? { judged: await judgedVerdict(probe.snapshot ?? undefined, judge) } : {}),
  };
}
