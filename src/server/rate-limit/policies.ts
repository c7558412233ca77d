/** Daily request budgets (UTC days), one per kind of traffic. Limits come from the configuration. */
export type PolicyName = 'read' | 'checkout' | 'submit' | 'mcp';

export interface Policy {
  name: PolicyName;
  limit: number;
}

export const WINDOW_SECONDS = 86_400;

/** The UTC day a time falls in, and the epoch second it ends. */
export function dayWindow(nowMs: number): { day: string; resetAt: number } {
  const day = new Date(nowMs).toISOString().slice(0, 10);
  const resetAt = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + WINDOW_SECONDS;
  return { day, resetAt };
}
