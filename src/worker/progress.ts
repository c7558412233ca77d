/**
 * A long run says how far it is: packages finished of those expected, how many failed, the rate
 * per hour, and when it should be done at that rate.
 */
const HOUR_MS = 3_600_000;

export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export class Progress {
  private readonly now: () => number;
  private readonly started: number;
  private done = 0;
  private failed = 0;
  private total: number | null = null;

  constructor(now: () => number) {
    this.now = now;
    this.started = now();
  }

  /** What to expect: the queue's size (when known), the limit, and unfinished work resumed. */
  expect(queue: number | null, limit: number | null, resumed: number): void {
    const available = queue === null ? null : queue + resumed;
    this.total = limit === null ? available : available === null ? limit : Math.min(limit, available);
  }

  completed(kind: 'done' | 'failed'): void {
    if (kind === 'failed') this.failed += 1;
    else this.done += 1;
  }

  /** `[3/20, 1 failed] 11.8/h, ETA 1 h 26 min` */
  line(): string {
    const finished = this.done + this.failed;
    const elapsed = Math.max(1, this.now() - this.started);
    const rate = (finished * HOUR_MS) / elapsed;
    const total = this.total === null ? '?' : String(Math.max(this.total, finished));
    const left = this.total === null ? null : Math.max(0, this.total - finished);
    const eta =
      left === null || rate === 0
        ? ''
        : left === 0
          ? ', done'
          : `, ETA ${formatDuration((left / rate) * HOUR_MS)}`;
    return `[${finished}/${total}${this.failed > 0 ? `, ${this.failed} failed` : ''}] ${rate.toFixed(1)}/h${eta}`;
  }
}
