/** What a command may touch of the outside world, so tests can run commands without a terminal. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Epoch milliseconds. */
  now(): number;
  cwd: string;
  /** Colour and progress only on a terminal. */
  isTTY: boolean;
}

export function processIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    now: () => Date.now(),
    cwd: process.cwd(),
    isTTY: process.stdout.isTTY === true,
  };
}

/**
 * Exit codes: 0 success, 1 the data or input is invalid, 2 the command was used wrongly, 3 the
 * evaluated server did not start (a valid "does not start" document was written).
 */
export const EXIT = { ok: 0, invalid: 1, usage: 2, unrunnable: 3 } as const;
