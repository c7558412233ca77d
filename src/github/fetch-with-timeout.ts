/**
 * A fetch for octokit that gives up after `ms`, so a GitHub that hangs cannot stall whoever asked
 * (the delivery worker, an evaluation reading a licence). A signal the caller passes still aborts.
 */
export function fetchWithTimeout(ms: number): typeof fetch {
  return (input, init) =>
    fetch(input, {
      ...init,
      signal: init?.signal
        ? AbortSignal.any([init.signal, AbortSignal.timeout(ms)])
        : AbortSignal.timeout(ms),
    });
}
