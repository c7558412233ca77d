/**
 * The traffic of `npm run bench:load` and its bookkeeping: what each request is (a read, an MCP
 * tool call, a badge, a submission), which simulated client sends it, what answer it may get, and
 * how long it took. Deterministic: the same options send the same requests in the same order.
 *
 * Clients: light clients send a fixed share of their daily budget and move on (they must never be
 * refused); a few heavy clients send a slice of all traffic and must be refused exactly past their
 * budget. Keys: each submits a couple more times than its daily limit allows, in turn.
 */
import type { Request } from 'autocannon';
import { seededRandom } from './seeded-random.ts';

export const TRAFFIC_TYPES = ['read', 'mcp', 'badge', 'submission'] as const;
export type TrafficType = (typeof TRAFFIC_TYPES)[number];

interface CataloguePart {
  packages: { id: string }[];
  categories: { slug: string }[];
}

export interface PlanOptions {
  catalogue: CataloguePart;
  keys: readonly string[];
  /** A submission body for a key's login and a serial number. */
  template: (login: string, serial: number) => string;
  limits: { read: number; mcp: number; submit: number };
  /** First octet of the light clients' addresses, so that separate runs count apart. */
  clientPrefix: number;
  submissions: boolean;
}

interface Sent {
  type: TrafficType;
  /** `read:<ip>`, `mcp:<ip>` or `key:<index>`: the budget the request spends, if any. */
  budget: string | null;
  at: number;
}

export interface TypeReport {
  count: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
}

export interface LoadPlan {
  next(request: Request, context: Record<string, unknown>): Request;
  record(status: number, body: string, context: Record<string, unknown>): void;
  acceptedSubmissions(): string[];
  report(percentile: (sorted: Float64Array, p: number) => number): {
    types: Record<TrafficType, TypeReport>;
    intended429: number;
    unexpected: number;
    unexpectedSamples: string[];
  };
  accounting(): {
    exact: boolean;
    heavyClients: number;
    heavyExact: boolean;
    lightRefused: number;
    /** Keys whose accepted and refused submissions did not split at the daily limit. */
    keysInexact: number;
    read429: number;
    mcp429: number;
    submit429: number;
  };
}

function address(prefix: number, serial: number): string {
  return `${prefix}.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`;
}

/** Share of reads and MCP calls sent by the heavy clients, three for reads and one for MCP. */
const HEAVY_SHARE = { read: 0.05, mcp: 0.1 };
const HEAVY_CLIENTS = { read: 3, mcp: 1 };
const ACTIVE_CLIENTS = 200;

function readPaths(catalogue: CataloguePart, next: () => number): string[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const ids = catalogue.packages.map((entry) => entry.id);
  const slugs = catalogue.categories.map((entry) => entry.slug);
  const sorts = ['af_score', 'security_score', 'reliability_score', 'name', 'updated_at'];
  const paths: string[] = [];
  for (let index = 0; index < 2_000; index++) {
    const roll = next();
    if (roll < 0.4) paths.push(`/v1/packages/${pick(ids)}`);
    else if (roll < 0.7) {
      const params = new URLSearchParams({ category: pick(slugs), sort: pick(sorts) });
      if (next() < 0.5) params.set('min_security_score', String(Math.floor(next() * 80)));
      if (next() < 0.3) params.set('q', pick(ids).slice(0, 4));
      params.set('page', String(1 + Math.floor(next() * 2)));
      paths.push(`/v1/packages?${params}`);
    } else if (roll < 0.8) paths.push(`/v1/packages/${pick(ids)}/agent-guide`);
    else
      paths.push(
        pick(['/v1/stats', '/v1/categories', '/v1/queue', `/v1/categories/${pick(slugs)}/leaderboard`]),
      );
  }
  return paths;
}

function mcpBodies(catalogue: CataloguePart, next: () => number): string[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const ids = catalogue.packages.map((entry) => entry.id);
  const slugs = catalogue.categories.map((entry) => entry.slug);
  const calls: [string, Record<string, unknown>][] = [];
  for (let index = 0; index < 500; index++) {
    calls.push(
      pick<[string, Record<string, unknown>]>([
        ['search_packages', { q: pick(ids).slice(0, 5) }],
        ['search_packages', { category: pick(slugs) }],
        ['get_package', { id: pick(ids) }],
        ['get_agent_guide', { id: pick(ids) }],
        ['compare_packages', { ids: [pick(ids), pick(ids)].filter((id, i, all) => all.indexOf(id) === i) }],
        ['get_category_leaderboard', { category: pick(slugs), dimension: 'security_score' }],
        ['get_stats', {}],
        ['list_categories', {}],
      ]),
    );
  }
  return calls.map(([name, args], id) =>
    JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  );
}

export function loadPlan(options: PlanOptions): LoadPlan {
  const next = seededRandom(options.clientPrefix);
  const reads = readPaths(options.catalogue, next);
  const mcp = mcpBodies(options.catalogue, next);
  const ids = options.catalogue.packages.map((entry) => entry.id);
  const perLight = { read: Math.floor(options.limits.read / 2), mcp: Math.floor(options.limits.mcp / 2) };
  const perKey = options.limits.submit + 2;
  const counters = { read: 0, mcp: 0, badge: 0, submission: 0, serial: 0 };
  const latencies: Record<TrafficType, number[]> = { read: [], mcp: [], badge: [], submission: [] };
  const statuses: Record<TrafficType, Record<string, number>> = {
    read: {},
    mcp: {},
    badge: {},
    submission: {},
  };
  /** Per budget: requests sent, answers received (those in flight when the run stops get none), and their split. */
  const budgets = new Map<string, { sent: number; answered: number; ok: number; refused: number }>();
  const accepted: string[] = [];
  const unexpected: string[] = [];
  let unexpectedCount = 0;

  /**
   * Light clients take turns in groups of ACTIVE_CLIENTS, each sending exactly half its budget
   * before a fresh group takes over, so that many clients are active at once as in real traffic.
   */
  const heavyClients = {
    read: Array.from({ length: HEAVY_CLIENTS.read }, (_, index) =>
      address(options.clientPrefix, 0xffff00 + index),
    ),
    mcp: Array.from({ length: HEAVY_CLIENTS.mcp }, (_, index) =>
      address(options.clientPrefix, 0xffff10 + index),
    ),
  };

  function client(kind: 'read' | 'mcp'): string {
    const heavy = heavyClients[kind];
    if (next() < HEAVY_SHARE[kind]) return heavy[Math.floor(next() * heavy.length)]!;
    const count = counters[kind]++;
    const group = Math.floor(count / (perLight[kind] * ACTIVE_CLIENTS));
    const serial = group * ACTIVE_CLIENTS + (count % ACTIVE_CLIENTS) + (kind === 'mcp' ? 1 << 20 : 1);
    return address(options.clientPrefix, serial);
  }

  /**
   * The mix: reads dominate, badges follow (every README view), agents call MCP tools, and
   * submissions are rare (half a percent is still thousands an hour, far beyond 10 per key a day
   * from any plausible number of contributors).
   */
  function choose(): TrafficType {
    const roll = next();
    if (options.submissions && roll < 0.005) return 'submission';
    if (roll < 0.65) return 'read';
    if (roll < 0.75) return 'mcp';
    return 'badge';
  }

  function build(type: TrafficType, request: Request): { request: Request; budget: string | null } {
    if (type === 'read') {
      const ip = client('read');
      return {
        request: {
          ...request,
          method: 'GET',
          path: reads[counters.serial++ % reads.length]!,
          headers: { 'x-forwarded-for': ip },
          body: undefined,
        },
        budget: `read:${ip}`,
      };
    }
    if (type === 'mcp') {
      const ip = client('mcp');
      return {
        request: {
          ...request,
          method: 'POST',
          path: '/mcp',
          headers: {
            'x-forwarded-for': ip,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: mcp[counters.serial++ % mcp.length]!,
        },
        budget: `mcp:${ip}`,
      };
    }
    if (type === 'badge') {
      const id = ids[counters.badge++ % ids.length]!;
      return {
        request: {
          ...request,
          method: 'GET',
          path: `/badge/${id}.svg`,
          headers: { 'x-forwarded-for': address(options.clientPrefix, 1) },
          body: undefined,
        },
        budget: null,
      };
    }
    const serial = counters.submission++;
    const keyIndex = Math.floor(serial / perKey) % options.keys.length;
    const key = options.keys[keyIndex]!;
    return {
      request: {
        ...request,
        method: 'POST',
        path: '/v1/evaluations',
        headers: {
          'x-forwarded-for': address(options.clientPrefix, 2),
          'content-type': 'application/json',
          'x-api-key': key,
        },
        body: options.template(`load-${keyIndex}`, serial + options.clientPrefix * 1_000_000),
      },
      budget: `key:${keyIndex}`,
    };
  }

  /** What each type may answer: anything else is an error of the run. */
  function expected(type: TrafficType, status: number): boolean {
    if (type === 'badge') return status === 200;
    if (type === 'submission') return status === 202 || status === 429;
    return status === 200 || status === 429;
  }

  return {
    next(request, context) {
      const type = choose();
      const built = build(type, request);
      const sent: Sent = { type, budget: built.budget, at: performance.now() };
      context.sent = sent;
      if (built.budget) {
        const entry = budgets.get(built.budget) ?? { sent: 0, answered: 0, ok: 0, refused: 0 };
        entry.sent++;
        budgets.set(built.budget, entry);
      }
      return built.request;
    },
    record(status, body, context) {
      const sent = context.sent as Sent | undefined;
      if (!sent) return;
      latencies[sent.type].push(performance.now() - sent.at);
      statuses[sent.type][status] = (statuses[sent.type][status] ?? 0) + 1;
      if (!expected(sent.type, status)) {
        unexpectedCount++;
        if (unexpected.length < 5) unexpected.push(`${sent.type} ${status} ${body.slice(0, 120)}`);
      }
      if (sent.budget) {
        const entry = budgets.get(sent.budget)!;
        entry.answered++;
        if (status === 429) entry.refused++;
        else if (status < 300) entry.ok++;
      }
      if (sent.type === 'submission' && status === 202)
        accepted.push((JSON.parse(body) as { submission_id: string }).submission_id);
    },
    acceptedSubmissions: () => accepted,
    report(percentile) {
      const types = Object.fromEntries(
        TRAFFIC_TYPES.map((type) => {
          const sorted = Float64Array.from(latencies[type]).sort();
          return [
            type,
            {
              count: sorted.length,
              p50: percentile(sorted, 50),
              p99: percentile(sorted, 99),
              max: percentile(sorted, 100),
              statuses: statuses[type],
            },
          ];
        }),
      ) as Record<TrafficType, TypeReport>;
      const intended429 = TRAFFIC_TYPES.reduce((sum, type) => sum + (statuses[type][429] ?? 0), 0);
      return { types, intended429, unexpected: unexpectedCount, unexpectedSamples: unexpected };
    },
    accounting() {
      let heavyExact = true;
      let lightRefused = 0;
      let keysInexact = 0;
      const refused = { read: 0, mcp: 0, key: 0 };
      const heavy = new Set([
        ...heavyClients.read.map((ip) => `read:${ip}`),
        ...heavyClients.mcp.map((ip) => `mcp:${ip}`),
      ]);
      for (const [budget, entry] of budgets) {
        const kind = budget.split(':')[0] as 'read' | 'mcp' | 'key';
        refused[kind] += entry.refused;
        const limit = kind === 'key' ? options.limits.submit : options.limits[kind];
        // Every answer was either within the budget or a 429: the two must split at the limit exactly.
        // A budget with requests still in flight when the run stopped can only be checked for not
        // having granted more than its limit.
        const exact =
          entry.answered === entry.sent
            ? entry.ok === Math.min(entry.sent, limit) && entry.refused === Math.max(0, entry.sent - limit)
            : entry.ok <= limit && entry.ok + entry.refused === entry.answered;
        if (heavy.has(budget)) heavyExact &&= exact;
        else if (kind === 'key') keysInexact += exact ? 0 : 1;
        else lightRefused += entry.refused;
      }
      return {
        exact: heavyExact && lightRefused === 0 && keysInexact === 0,
        heavyClients: [...heavy].filter((budget) => budgets.has(budget)).length,
        heavyExact,
        lightRefused,
        keysInexact,
        read429: refused.read,
        mcp429: refused.mcp,
        submit429: refused.key,
      };
    },
  };
}
