/**
 * The documents the front server owns besides `/v1`: the OpenAPI description, llms.txt, the
 * evaluation guide, the published JSON Schemas and a page per problem type. Built once per data
 * version and served with an ETag.
 */
import { createHash } from 'node:crypto';
import { PROBLEM_BASE, PROBLEM_TYPES } from '../http/problems.ts';
import { bodyReply, JSON_TYPE, type Reply } from '../http/reply.ts';
import type { RequestTarget } from '../http/request-target.ts';
import type { DataVersion } from '../live/live-data.ts';
import type { DocumentSettings } from './document-settings.ts';
import { llmsTxt } from './llms-txt.ts';
import { openApiDocument } from './openapi.ts';

const MARKDOWN = 'text/markdown; charset=utf-8';

function tagged(body: string | Buffer, contentType: string): Reply {
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const reply = bodyReply(body, contentType, etag);
  reply.headers['Cache-Control'] = 'public, max-age=300';
  return reply;
}

function problemPage(slug: string): string | null {
  const type = Object.values(PROBLEM_TYPES).find((candidate) => candidate.slug === slug);
  if (!type) return null;
  return `# ${type.title}\n\nType: \`${PROBLEM_BASE}${type.slug}\`  \nStatus: ${type.status}\n\n${type.description}\n`;
}

/** Documents of one data version, made on first use. */
export function documentsFor(version: DataVersion, settings: DocumentSettings): Map<string, Reply> {
  const documents = new Map<string, Reply>([
    ['/openapi.json', tagged(JSON.stringify(openApiDocument(settings), null, 2), JSON_TYPE)],
    ['/llms.txt', tagged(llmsTxt(settings), 'text/plain; charset=utf-8')],
    ['/evaluation-guide.md', tagged(version.documents.get('evaluation-guide.md')!, MARKDOWN)],
  ]);
  for (const [name, content] of version.documents) {
    if (name.startsWith('schemas/')) documents.set(`/${name}`, tagged(content, 'application/schema+json'));
  }
  for (const type of Object.values(PROBLEM_TYPES))
    documents.set(`/problems/${type.slug}`, tagged(problemPage(type.slug)!, MARKDOWN));
  return documents;
}

const cache = new WeakMap<DataVersion, Map<string, Reply>>();

export function documentReply(
  target: RequestTarget,
  version: DataVersion,
  settings: DocumentSettings,
): Reply | null {
  let documents = cache.get(version);
  if (!documents) {
    documents = documentsFor(version, settings);
    cache.set(version, documents);
  }
  return documents.get(target.path) ?? null;
}
