/** Daily request budgets (UTC days), one per kind of traffic. Limits come from the configuration. */
export type PolicyName = 'read' | 'checkout' | 'submit' | 'mcp';

export interface Policy {
  name: PolicyName;
  limit: number;
}

export const WINDOW_SECONDS = 86_400;

interface DayWindow {
  day: string;
  /** Epoch seconds when the day ends. */
  resetAt: number;
}

/** Every request asks several times; the answer only changes at midnight. */
let lastWindow: DayWindow & { fromMs: number } = { day: '', resetAt: 0, fromMs: 0 };

/** The UTC day a time falls in, and the epoch second it ends. */
export function dayWindow(nowMs: number): DayWindow {
  if (nowMs >= lastWindow.fromMs && nowMs < lastWindow.resetAt * 1000) return lastWindow;
  const day = new Date(nowMs).toISOString().slice(0, 10);
  const fromMs = Date.parse(`${day}T00:00:00Z`);
  lastWindow = { day, resetAt: fromMs / 1000 + WINDOW_SECONDS, fromMs };
  return lastWindow;
}
