import type { CliIo } from '../../src/cli/io.ts';

export interface CapturedIo extends CliIo {
  stdout: string[];
  stderr: string[];
}

export function captureIo(cwd: string, now = Date.parse('2026-11-22T12:00:00Z')): CapturedIo {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    now: () => now,
    cwd,
    isTTY: false,
  };
}
