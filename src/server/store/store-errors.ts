/** The state folder cannot be read or written (read-only, full, missing): answered as 503, never a crash. */
export class StoreUnavailableError extends Error {
  static from(error: unknown): Error {
    if (error instanceof StoreUnavailableError) return error;
    const message = error instanceof Error ? error.message : String(error);
    // Disk and permission trouble is the operator's to fix and the client's to retry; anything else is a bug.
    if (
      /readonly|read-only|disk|full|unable to open|cannot open|locked|busy|I\/O|no such file/i.test(message)
    ) {
      return new StoreUnavailableError(`the server's state store failed: ${message}`);
    }
    return error instanceof Error ? error : new Error(message);
  }
}
