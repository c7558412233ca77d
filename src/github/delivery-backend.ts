/** Where an accepted submission goes: a pull request on GitHub, or a branch in a local repository. */
import type { PullRequestText } from '../core/contributions/pull-request.ts';

export interface Delivery {
  /** The evaluation document, exactly as committed. */
  document: string;
  text: PullRequestText;
}

export interface DeliveryBackend {
  name: string;
  /** Idempotent: delivering the same submission again finds what the first attempt made. */
  deliver(delivery: Delivery): Promise<{ reviewUrl: string }>;
}

/** A failure that retrying will not fix (bad credentials, no such repository): the submission fails. */
export class PermanentDeliveryError extends Error {}
