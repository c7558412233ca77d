/**
 * The worker's journal: one JSON line per step, appended and flushed to disk before the next step
 * starts, so a worker killed at any moment (kill -9, a power cut) neither loses nor repeats
 * finished work. An evaluation is written (atomically, by rename) before the journal says it was
 * evaluated; on restart, a package claimed but not finished is looked for under its planned
 * evaluation id first, an evaluation not yet submitted is submitted, and a package that could not
 * be evaluated waits out its back-off.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

export type JournalEvent =
  | { t: 'claimed'; id: string; evaluation_id: string; at: string; until?: string }
  | { t: 'evaluated'; id: string; evaluation_id: string; file: string; outcome: string; at: string }
  | { t: 'submitted'; id: string; evaluation_id: string; submission_id: string; at: string }
  | { t: 'failed'; id: string; evaluation_id: string; reason: string; retry_after: string; at: string }
  | { t: 'released'; id: string; at: string };

/** Where each package stands after replaying the journal. */
export interface PackageProgress {
  id: string;
  /** The evaluation id this attempt writes (planned at claim time). */
  evaluationId: string;
  stage: 'claimed' | 'evaluated' | 'submitted' | 'failed' | 'released';
  file?: string;
  outcome?: string;
  retryAfter?: string;
  reason?: string;
  /** Attempts that could not evaluate it, for the back-off. */
  failures?: number;
}

export class Journal {
  readonly dir: string;
  readonly file: string;
  readonly packages = new Map<string, PackageProgress>();
  /** Lines the journal could not read (a line cut by a kill), skipped. */
  readonly skipped: number;
  private fd: number;

  constructor(dir: string) {
    this.dir = dir;
    this.file = join(dir, 'journal.jsonl');
    mkdirSync(join(dir, 'evaluations'), { recursive: true });
    let skipped = 0;
    if (existsSync(this.file)) {
      const lines = readFileSync(this.file, 'utf8').split('\n');
      for (const line of lines) {
        if (line.trim() === '') continue;
        try {
          this.apply(JSON.parse(line) as JournalEvent);
        } catch {
          skipped += 1;
        }
      }
    }
    this.skipped = skipped;
    this.fd = openSync(this.file, 'a');
  }

  private apply(event: JournalEvent): void {
    const previous = this.packages.get(event.id);
    switch (event.t) {
      case 'claimed':
        this.packages.set(event.id, {
          id: event.id,
          evaluationId: event.evaluation_id,
          stage: 'claimed',
          ...(previous?.failures ? { failures: previous.failures } : {}),
        });
        return;
      case 'evaluated':
        this.packages.set(event.id, {
          id: event.id,
          evaluationId: event.evaluation_id,
          stage: 'evaluated',
          file: event.file,
          outcome: event.outcome,
        });
        return;
      case 'submitted':
        this.packages.set(event.id, {
          ...(previous ?? { id: event.id }),
          evaluationId: event.evaluation_id,
          stage: 'submitted',
        });
        return;
      case 'failed':
        this.packages.set(event.id, {
          id: event.id,
          evaluationId: event.evaluation_id,
          stage: 'failed',
          retryAfter: event.retry_after,
          reason: event.reason,
          failures: (previous?.failures ?? 0) + 1,
        });
        return;
      case 'released':
        // A release after a failure keeps the failure (and its back-off); otherwise it forgets.
        if (previous?.stage === 'failed') return;
        if (previous && previous.stage !== 'claimed') return;
        this.packages.delete(event.id);
        return;
    }
  }

  /** Appends the event and flushes it to disk before returning. */
  record(event: JournalEvent): void {
    writeSync(this.fd, `${JSON.stringify(event)}\n`);
    fsyncSync(this.fd);
    this.apply(event);
  }

  /** Where an evaluation waiting to be submitted is kept. */
  pendingFile(evaluationId: string): string {
    return join(this.dir, 'evaluations', `${evaluationId}.json`);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Writes a file so that it is either absent or whole: to a temporary name, flushed, then renamed. */
export function writeFileAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  // The rename itself is made durable by flushing the folder.
  const folder = openSync(dirname(path), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}
