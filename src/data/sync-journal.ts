/**
 * The journal of a sync run, so an interrupted run picks up where it stopped: which packages are
 * done (their files are already written), for which selection, since when. It lives in the state
 * folder, not in the repository, and is deleted when a run completes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomically } from './registry-files.ts';

export interface Journal {
  version: 1;
  /** What was selected: the same ids and sources resume, anything else starts afresh. */
  selection: string;
  started_at: string;
  done: string[];
}

/** A run older than this starts afresh: its early answers would be stale. */
export const RESUME_WITHIN_MS = 24 * 60 * 60 * 1000;

export function selectionKey(ids: readonly string[], sources: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify([[...ids].sort(), [...sources].sort()]))
    .digest('hex')
    .slice(0, 16);
}

export class SyncJournal {
  private readonly path: string;
  private journal: Journal;

  private constructor(path: string, journal: Journal) {
    this.path = path;
    this.journal = journal;
  }

  /** Resumes the journal of an unfinished run of the same selection, else starts a new one. */
  static open(
    stateDir: string,
    selection: string,
    now: number,
    fresh: boolean,
  ): { journal: SyncJournal; resumed: boolean } {
    const path = join(stateDir, 'sync-journal.json');
    if (!fresh && existsSync(path)) {
      try {
        const previous = JSON.parse(readFileSync(path, 'utf8')) as Journal;
        const age = now - Date.parse(previous.started_at);
        if (
          previous.version === 1 &&
          previous.selection === selection &&
          age >= 0 &&
          age < RESUME_WITHIN_MS
        ) {
          return { journal: new SyncJournal(path, previous), resumed: true };
        }
      } catch {
        // An unreadable journal is only lost progress: start afresh.
      }
    }
    const journal = new SyncJournal(path, {
      version: 1,
      selection,
      started_at: new Date(now).toISOString(),
      done: [],
    });
    journal.save();
    return { journal, resumed: false };
  }

  get startedAt(): string {
    return this.journal.started_at;
  }

  isDone(id: string): boolean {
    return this.journal.done.includes(id);
  }

  get doneCount(): number {
    return this.journal.done.length;
  }

  markDone(id: string): void {
    this.journal.done.push(id);
    this.save();
  }

  private save(): void {
    writeAtomically(this.path, `${JSON.stringify(this.journal)}\n`);
  }

  finish(): void {
    rmSync(this.path, { force: true });
  }
}
