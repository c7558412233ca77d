import type { PolicyName } from '../rate-limit/policies.ts';

/** What the served documents state about this deployment, from the server's configuration. */
export interface DocumentSettings {
  publicUrl: string;
  limits: Record<PolicyName, number>;
  leaseHours: number;
}
