/**
 * The static mirror: every parameter-free GET response written as a file, so a static host or CDN
 * can serve reads without this server. Bodies come from the same handlers the server runs; badges
 * (`badge/<id>.svg` and `.json`) from the same renderer.
 *
 * A path such as /v1/packages/x is both a resource and the parent of /v1/packages/x/agent-guide, so
 * each response is written as `<path>/index.json`; `_redirects` and `_headers` (understood by
 * Netlify and Cloudflare Pages) map the clean paths onto those files and set the JSON type.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BADGE_MAX_AGE_SECONDS } from '../core/badge/badge-policy.ts';
import type { QueryParams } from '../core/query/query-params.ts';
import { badgeReplies, SVG_TYPE } from './badges/badge-replies.ts';
import type { DocumentSettings } from './documents/document-settings.ts';
import { documentsFor } from './documents/documents.ts';
import { JSON_TYPE, type Reply } from './http/reply.ts';
import { responseKind, securityHeaders } from './http/security-headers.ts';
import type { DataVersion } from './live/live-data.ts';
import type { ReadContext } from './v1/context.ts';
import { matchReadRoute } from './v1/read-routes.ts';

const NO_PARAMS: QueryParams = new Map();

function mirroredPaths(version: DataVersion): string[][] {
  const { index } = version;
  const paths: string[][] = [['packages'], ['categories'], ['stats'], ['queue']];
  for (const id of index.byId.keys()) paths.push(['packages', id], ['packages', id, 'agent-guide']);
  for (const slug of index.categories.keys())
    paths.push(['categories', slug, 'packages'], ['categories', slug, 'leaderboard']);
  return paths;
}

function replyFor(version: DataVersion, segments: string[]): Reply {
  const match = matchReadRoute(segments);
  if (!match) throw new Error(`static mirror: no route for /v1/${segments.join('/')}`);
  const context: ReadContext = { segments, params: NO_PARAMS, data: version };
  return match.route.handle(context, match.params);
}

function write(outDir: string, path: string, content: Buffer | string): void {
  const target = join(outDir, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content);
}

/**
 * What a static host sends for each path it serves (Netlify and Cloudflare Pages read `_headers`):
 * the media type each pattern is served as (declared where a host would not infer it from the file
 * name), the headers the live server sends besides, and the security headers of that kind of
 * response, from the same table the server uses. Patterns never overlap, so a host never joins two
 * values of one header.
 */
interface HostRule {
  pattern: string;
  type: string;
  declareType: boolean;
  headers: Readonly<Record<string, string>>;
}

const MARKDOWN = 'text/markdown; charset=utf-8';
const OPEN = { 'Access-Control-Allow-Origin': '*' };
const BADGE = { 'Cache-Control': `public, max-age=${BADGE_MAX_AGE_SECONDS}`, ...OPEN };
const DOCUMENT = { 'Cache-Control': 'public, max-age=300', ...OPEN };

export const HOST_RULES: readonly HostRule[] = [
  { pattern: '/v1/*', type: JSON_TYPE, declareType: true, headers: DOCUMENT },
  { pattern: '/schemas/*', type: 'application/schema+json', declareType: true, headers: DOCUMENT },
  { pattern: '/openapi.json', type: JSON_TYPE, declareType: true, headers: DOCUMENT },
  { pattern: '/llms.txt', type: 'text/plain; charset=utf-8', declareType: true, headers: DOCUMENT },
  { pattern: '/evaluation-guide.md', type: MARKDOWN, declareType: true, headers: DOCUMENT },
  { pattern: '/problems/*', type: MARKDOWN, declareType: true, headers: DOCUMENT },
  { pattern: '/badge/*.svg', type: SVG_TYPE, declareType: true, headers: BADGE },
  { pattern: '/badge/*.json', type: JSON_TYPE, declareType: true, headers: BADGE },
  // The site's own files, which `npm run build` puts beside the mirror.
  { pattern: '/_astro/*', type: 'text/css', declareType: false, headers: {} },
  { pattern: '/favicon.svg', type: 'image/svg+xml', declareType: false, headers: {} },
  { pattern: '/favicon.ico', type: 'image/x-icon', declareType: false, headers: {} },
  { pattern: '/robots.txt', type: 'text/plain; charset=utf-8', declareType: false, headers: {} },
];

/** Every header a static host sends for a rule's paths, security headers included. */
export function hostHeaders(rule: HostRule): Record<string, string> {
  return {
    ...(rule.declareType ? { 'Content-Type': rule.type } : {}),
    ...rule.headers,
    ...securityHeaders(responseKind(rule.type, rule.pattern)),
  };
}

function headersFile(): string {
  return HOST_RULES.map(
    (rule) =>
      `${rule.pattern}\n${Object.entries(hostHeaders(rule))
        .map(([name, value]) => `  ${name}: ${value}\n`)
        .join('')}`,
  ).join('');
}

const REDIRECTS_FILE = `/v1/* /v1/:splat/index.json 200
`;

/** Every package's badge and Shields endpoint JSON, removed packages included (their "removed" badge). */
async function writeBadges(version: DataVersion, outDir: string): Promise<number> {
  const ids = [...version.index.byId.keys(), ...version.index.removed.keys()];
  for (const id of ids) {
    const replies = await badgeReplies(version, id);
    write(outDir, `badge/${id}.svg`, replies.svg.body);
    write(outDir, `badge/${id}.json`, replies.json.body);
  }
  return ids.length * 2;
}

/** Writes the mirror into `outDir` and returns how many files it wrote. */
export async function writeStaticMirror(
  version: DataVersion,
  outDir: string,
  settings: DocumentSettings,
): Promise<number> {
  let count = 0;
  for (const segments of mirroredPaths(version)) {
    const reply = replyFor(version, segments);
    if (reply.status !== 200)
      throw new Error(`static mirror: /v1/${segments.join('/')} answered ${reply.status}`);
    write(outDir, `v1/${segments.join('/')}/index.json`, reply.body);
    count++;
  }
  for (const [path, reply] of documentsFor(version, settings)) {
    write(outDir, path.slice(1), reply.body);
    count++;
  }
  count += await writeBadges(version, outDir);
  write(outDir, '_headers', headersFile());
  write(outDir, '_redirects', REDIRECTS_FILE);
  return count + 2;
}
