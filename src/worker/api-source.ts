/**
 * The public API as a worker's queue: `POST /v1/checkout` (npm packages only, never one this key
 * already holds, so several machines sharing a key never collide), `GET /v1/packages/{id}` for
 * what to install and how to configure it, `POST /v1/evaluations` to submit (which releases the
 * lease), `DELETE /v1/checkout/{id}` to give a package back. Quotas answer 429 with Retry-After:
 * the worker waits or stops, and keeps what it has not delivered.
 */
import type { PackageConfiguration } from '../core/agent-config/package-configuration.ts';
import type { EvaluationDocument, PackageKind } from '../core/types.ts';
import {
  type Claim,
  type Delivery,
  FatalWorkError,
  type WorkFilter,
  type WorkItem,
  type WorkSource,
} from './work-source.ts';

const TIMEOUT_MS = 60_000;

interface Lease {
  package_id: string;
  claimed_by: string;
  claimed_until: string;
}

interface PackageBody {
  id: string;
  kind: PackageKind;
  version: string | null;
  distribution: { npm?: string };
  configuration?: PackageConfiguration;
}

/** Service text may come from hostile documents: one printable line. */
function line(text: unknown): string {
  return String(text ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .slice(0, 500);
}

function retryAt(response: Response, nowMs: number): number {
  const seconds = Number(response.headers.get('retry-after'));
  return nowMs + (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000);
}

export class ApiSource implements WorkSource {
  readonly description: string;
  private readonly base: string;
  private readonly key: string;
  private readonly now: () => number;

  constructor(api: string, key: string, now: () => number = Date.now) {
    this.base = api.replace(/\/+$/, '').replace(/\/v1$/, '');
    this.key = key;
    this.now = now;
    this.description = `the queue at ${this.base}/v1/queue (checkout leases, submissions with your API key)`;
  }

  private async call(method: string, path: string, body?: string): Promise<Response> {
    try {
      return await fetch(`${this.base}${path}`, {
        method,
        headers: {
          accept: 'application/json, application/problem+json',
          'x-api-key': this.key,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(`cannot reach ${this.base}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async problem(response: Response): Promise<string> {
    const body = (await response.json().catch(() => null)) as { detail?: unknown; title?: unknown } | null;
    return line(body?.detail ?? body?.title ?? `HTTP ${response.status}`);
  }

  async remaining(): Promise<number | null> {
    const response = await this.call('GET', '/v1/queue?per_page=1').catch(() => null);
    if (!response?.ok) return null;
    const body = (await response.json().catch(() => null)) as { total?: unknown } | null;
    return typeof body?.total === 'number' ? body.total : null;
  }

  private async leaseOutcome(response: Response, id: string | null): Promise<Claim> {
    if (response.status === 401 || response.status === 403) {
      throw new FatalWorkError(`the service refused the API key: ${await this.problem(response)}`);
    }
    if (response.status === 429) {
      return { kind: 'wait', untilMs: retryAt(response, this.now()), reason: await this.problem(response) };
    }
    if (response.status === 404 && id === null) return { kind: 'empty' };
    if (response.status === 404 || response.status === 409) {
      return { kind: 'skip', id: id ?? '?', reason: await this.problem(response) };
    }
    if (!response.ok) throw new Error(`checkout failed: ${await this.problem(response)}`);
    const lease = (await response.json()) as Lease;
    return this.itemFor(lease);
  }

  private async itemFor(lease: Lease): Promise<Claim> {
    const response = await this.call('GET', `/v1/packages/${encodeURIComponent(lease.package_id)}`);
    if (response.status === 429) {
      await this.release(lease.package_id);
      return { kind: 'wait', untilMs: retryAt(response, this.now()), reason: await this.problem(response) };
    }
    if (!response.ok) {
      await this.release(lease.package_id);
      return { kind: 'skip', id: lease.package_id, reason: await this.problem(response) };
    }
    const pkg = (await response.json()) as PackageBody;
    if (!pkg.distribution?.npm) {
      await this.release(lease.package_id);
      return {
        kind: 'skip',
        id: pkg.id,
        reason: 'not distributed on npm; the worker evaluates npm packages',
      };
    }
    return {
      kind: 'item',
      item: {
        id: pkg.id,
        npm: pkg.distribution.npm,
        version: pkg.version,
        ...(pkg.configuration ? { configuration: pkg.configuration } : {}),
        contributor: lease.claimed_by,
      },
    };
  }

  async claimNext(filter: WorkFilter, exclude: ReadonlySet<string>): Promise<Claim> {
    const query = new URLSearchParams({ distribution: 'npm', held: 'skip' });
    if (filter.kind) query.set('kind', filter.kind);
    if (filter.category) query.set('category', filter.category);
    // The most recent failures first: the service takes at most 200.
    const excluded = [...exclude].slice(-200);
    if (excluded.length > 0) query.set('exclude', excluded.join(','));
    return this.leaseOutcome(await this.call('POST', `/v1/checkout?${query}`), null);
  }

  async claim(id: string): Promise<Claim> {
    return this.leaseOutcome(await this.call('POST', `/v1/checkout/${encodeURIComponent(id)}`), id);
  }

  async deliver(_item: WorkItem, doc: EvaluationDocument): Promise<Delivery> {
    let response: Response;
    try {
      response = await this.call('POST', '/v1/evaluations', JSON.stringify(doc));
    } catch (error) {
      return { ok: false, retryable: true, message: (error as Error).message };
    }
    const body = (await response.json().catch(() => null)) as {
      submission_id?: unknown;
      detail?: unknown;
      errors?: { pointer?: string; detail?: string }[];
    } | null;
    if (response.status === 202 || response.status === 200)
      return { ok: true, reference: line(body?.submission_id) };
    // Submitted before (a worker killed between the answer and its journal): delivered.
    if (response.status === 409 && typeof body?.submission_id === 'string')
      return { ok: true, reference: line(body.submission_id) };
    if (response.status === 409 && /already|duplicate|same run/i.test(String(body?.detail ?? '')))
      return { ok: true, reference: 'submitted before' };
    if (response.status === 429)
      return {
        ok: false,
        retryable: true,
        message: line(body?.detail),
        untilMs: retryAt(response, this.now()),
      };
    if (response.status === 401 || response.status === 403)
      throw new FatalWorkError(`the service refused the API key: ${line(body?.detail)}`);
    const errors = (body?.errors ?? []).map((found) => `${found.pointer ?? ''}: ${found.detail ?? ''}`);
    return {
      ok: false,
      retryable: response.status >= 500,
      message: `${response.status} ${line(body?.detail)}${errors.length > 0 ? ` (${line(errors.slice(0, 3).join('; '))})` : ''}`,
    };
  }

  async release(id: string): Promise<void> {
    try {
      await this.call('DELETE', `/v1/checkout/${encodeURIComponent(id)}`);
    } catch {
      // The lease expires on its own.
    }
  }
}
