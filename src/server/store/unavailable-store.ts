/**
 * Stands in when the state folder cannot be opened (read-only, full, missing permissions): reads of
 * the catalogue keep working and every contribution request gets a 503 that says why.
 */
import type { Store } from './store.ts';
import { StoreUnavailableError } from './store-errors.ts';

export function unavailableStore(reason: string): Store {
  const refuse = async (): Promise<never> => {
    throw new StoreUnavailableError(reason);
  };
  return {
    insertKey: refuse,
    findKey: refuse,
    listKeys: refuse,
    revokeKey: refuse,
    insertSubmission: refuse,
    findSubmission: refuse,
    findRun: refuse,
    claimDelivery: refuse,
    releaseClaimsAtStart: refuse,
    markDelivered: refuse,
    markRetry: refuse,
    markFailed: refuse,
    claimLease: refuse,
    findLease: refuse,
    releaseLease: refuse,
    activeLeases: refuse,
    packagesAwaitingReview: refuse,
    close: async () => {},
  };
}
