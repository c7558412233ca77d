/**
 * The one HTTP client for registries (npm, PyPI, the MCP Registry), polite by construction: a
 * User-Agent that names afscore and where to reach its maintainers, a paced request rate per host,
 * conditional requests (`If-None-Match`, `If-Modified-Since`), and backoff on 429 and 5xx that
 * honours `Retry-After`. A host that answers 429 gets a slower pace for the rest of the run.
 * Failures are values, never exceptions: a sync of thousands of packages must survive any one.
 */

export interface ClientOptions {
  userAgent: string;
  /** Requests per second to one host. */
  ratePerSecond: number;
  /** Retries after the first attempt, for 429, 5xx, timeouts and network errors. */
  maxRetries?: number;
  timeoutMs?: number;
  /** A `Retry-After` longer than this is not waited for: the request fails and the run moves on. */
  maxWaitMs?: number;
  /** First backoff step; doubled per retry, with jitter. */
  backoffMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** Told about every wait, so a long run can say why it paused. */
  onWait?: (event: { url: string; status: number | null; waitMs: number; attempt: number }) => void;
}

export interface Conditional {
  etag?: string | null;
  lastModified?: string | null;
}

export type Answer =
  | { kind: 'ok'; body: unknown; etag: string | null; lastModified: string | null }
  | { kind: 'not-modified'; etag: string | null; lastModified: string | null }
  | { kind: 'not-found' }
  | { kind: 'error'; message: string };

export interface ClientStats {
  requests: number;
  notModified: number;
  retries: number;
  waitedMs: number;
}

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);
const MAX_BODY = 64 << 20;

/** `Retry-After`: delta-seconds or an HTTP-date (RFC 9110 §10.2.3), as milliseconds from now. */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

export class PoliteClient {
  readonly stats: ClientStats = { requests: 0, notModified: 0, retries: 0, waitedMs: 0 };
  private readonly options: Required<Omit<ClientOptions, 'onWait'>> & Pick<ClientOptions, 'onWait'>;
  /** host → earliest time the next request may start, and its interval. */
  private readonly pace = new Map<string, { next: number; intervalMs: number }>();

  constructor(options: ClientOptions) {
    if (!(options.ratePerSecond > 0)) throw new Error('the request rate must be above 0 per second');
    this.options = {
      maxRetries: 4,
      timeoutMs: 30_000,
      maxWaitMs: 120_000,
      backoffMs: 1_000,
      fetch: globalThis.fetch,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: Date.now,
      random: Math.random,
      ...options,
    };
  }

  /** Waits for the host's turn; turns are handed out in call order, so concurrent callers queue. */
  private async turn(host: string): Promise<void> {
    const { now, sleep, ratePerSecond } = this.options;
    const slot = this.pace.get(host) ?? { next: 0, intervalMs: 1000 / ratePerSecond };
    const start = Math.max(now(), slot.next);
    slot.next = start + slot.intervalMs;
    this.pace.set(host, slot);
    const wait = start - now();
    if (wait > 0) await sleep(wait);
  }

  private slowDown(host: string): void {
    const slot = this.pace.get(host);
    if (slot) slot.intervalMs = Math.min(slot.intervalMs * 2, 10_000);
  }

  private backoff(attempt: number): number {
    const ceiling = this.options.backoffMs * 2 ** attempt;
    return Math.round(ceiling / 2 + this.options.random() * (ceiling / 2));
  }

  private async once(url: string, headers: Record<string, string>): Promise<Response | Error> {
    try {
      return await this.options.fetch(url, {
        headers,
        redirect: 'follow',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const reason = error instanceof Error ? error.message : String(error);
      return new Error(cause ? `${reason} (${cause})` : reason);
    }
  }

  private async read(response: Response): Promise<Answer> {
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_BODY) return { kind: 'error', message: `answer of ${length} bytes is over the limit` };
    const text = await response.text();
    try {
      return {
        kind: 'ok',
        body: JSON.parse(text),
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
      };
    } catch {
      return { kind: 'error', message: `answered ${response.status} with a body that is not JSON` };
    }
  }

  async getJson(url: string, conditional: Conditional = {}): Promise<Answer> {
    const host = new URL(url).host;
    const headers: Record<string, string> = {
      'User-Agent': this.options.userAgent,
      Accept: 'application/json',
    };
    if (conditional.etag) headers['If-None-Match'] = conditional.etag;
    if (conditional.lastModified) headers['If-Modified-Since'] = conditional.lastModified;
    for (let attempt = 0; ; attempt += 1) {
      await this.turn(host);
      this.stats.requests += 1;
      const response = await this.once(url, headers);
      const status = response instanceof Error ? null : response.status;
      if (response instanceof Response) {
        if (response.status === 304) {
          this.stats.notModified += 1;
          await response.body?.cancel();
          return {
            kind: 'not-modified',
            etag: response.headers.get('etag'),
            lastModified: response.headers.get('last-modified'),
          };
        }
        if (response.ok) return this.read(response);
        if (response.status === 404 || response.status === 410) {
          await response.body?.cancel();
          return { kind: 'not-found' };
        }
        if (!RETRYABLE.has(response.status)) {
          await response.body?.cancel();
          return { kind: 'error', message: `answered ${response.status} ${response.statusText}`.trim() };
        }
      }
      const problem =
        response instanceof Error ? response.message : `answered ${response.status} ${response.statusText}`;
      // A name that does not resolve will not resolve in a second either.
      if (response instanceof Error && /ENOTFOUND/.test(problem)) return { kind: 'error', message: problem };
      if (attempt >= this.options.maxRetries) {
        return { kind: 'error', message: `${problem.trim()} (gave up after ${attempt + 1} attempts)` };
      }
      if (status === 429) this.slowDown(host);
      const asked =
        response instanceof Response
          ? retryAfterMs(response.headers.get('retry-after'), this.options.now())
          : null;
      if (response instanceof Response) await response.body?.cancel();
      if (asked !== null && asked > this.options.maxWaitMs) {
        return { kind: 'error', message: `${problem.trim()} and asked to wait ${Math.ceil(asked / 1000)} s` };
      }
      const waitMs = asked ?? this.backoff(attempt);
      this.stats.retries += 1;
      this.stats.waitedMs += waitMs;
      this.options.onWait?.({ url, status, waitMs, attempt: attempt + 1 });
      await this.options.sleep(waitMs);
    }
  }
}
