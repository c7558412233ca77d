/**
 * Where a worker takes packages from and delivers evaluations to: the public API (checkout
 * leases, submissions, as any contributor with an API key) or, for the operator, the repository
 * itself (`--local`: the queue built from data/ and evaluations/, evaluations written straight into
 * evaluations/, lock files keeping local workers apart).
 */
import type { PackageConfiguration } from '../core/agent-config/package-configuration.ts';
import type { EvaluationDocument, PackageKind } from '../core/types.ts';

export interface WorkFilter {
  kind: PackageKind | null;
  category: string | null;
}

export interface WorkItem {
  id: string;
  /** The npm package to evaluate. */
  npm: string;
  /** The version the catalogue knows as latest (admission requires it). */
  version: string | null;
  configuration?: PackageConfiguration;
  /** Whose evaluation this is: the key's login (API) or the operator's (local). */
  contributor: string;
}

export type Claim =
  | { kind: 'item'; item: WorkItem }
  /** Nothing (left) in the queue for this worker. */
  | { kind: 'empty' }
  /** This package cannot be taken (held by someone else, not on npm): go on with the next. */
  | { kind: 'skip'; id: string; reason: string }
  /** The service asks to wait (a daily quota): until then, nothing can be claimed. */
  | { kind: 'wait'; untilMs: number; reason: string };

export type Delivery =
  | { ok: true; reference: string }
  /** `retryable`: keep the evaluation and deliver it later (quota, network, server error). */
  | { ok: false; retryable: boolean; message: string; untilMs?: number };

export interface WorkSource {
  /** Said at the start: where the work comes from. */
  readonly description: string;
  /** How many queue entries this worker could still take, when known. */
  remaining(filter: WorkFilter): Promise<number | null>;
  claimNext(filter: WorkFilter, exclude: ReadonlySet<string>): Promise<Claim>;
  /** Claims (or renews) a given package: a restarted worker resuming what it held. */
  claim(id: string): Promise<Claim>;
  deliver(item: WorkItem, doc: EvaluationDocument): Promise<Delivery>;
  /** Gives the package back (its lease or lock) so others may take it. */
  release(id: string): Promise<void>;
}

/** Thrown for what no retry fixes (a revoked key, an unreachable service at the start). */
export class FatalWorkError extends Error {}
