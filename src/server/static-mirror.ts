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
import type { QueryParams } from '../core/query/query-params.ts';
import { badgeReplies } from './badges/badge-replies.ts';
import type { DocumentSettings } from './documents/document-settings.ts';
import { documentsFor } from './documents/documents.ts';
import type { Reply } from './http/reply.ts';
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

const HEADERS_FILE = `/v1/*
  Content-Type: application/json; charset=utf-8
  Access-Control-Allow-Origin: *
  Cache-Control: public, max-age=300
/schemas/*
  Content-Type: application/schema+json
  Access-Control-Allow-Origin: *
/evaluation-guide.md
  Content-Type: text/markdown; charset=utf-8
/problems/*
  Content-Type: text/markdown; charset=utf-8
/badge/*
  Cache-Control: public, max-age=3600
  X-Content-Type-Options: nosniff
  Access-Control-Allow-Origin: *
/badge/*.svg
  Content-Type: image/svg+xml; charset=utf-8
/badge/*.json
  Content-Type: application/json; charset=utf-8
`;

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
  write(outDir, '_headers', HEADERS_FILE);
  write(outDir, '_redirects', REDIRECTS_FILE);
  return count + 2;
}
