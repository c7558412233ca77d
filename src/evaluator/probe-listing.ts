/**
 * Listing a server's definitions (tools, prompts, resources, resource templates, following every
 * cursor) and recording each listing as a face: the same definitions twice become one face that
 * points at the other, so a document stores each distinct view once.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ListToolsResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { canonicalSha256 } from '../core/checks/canonical-json.ts';
import { MAX_LIST_PAGES } from '../core/checks/check-policy.ts';
import { asObject } from '../core/checks/schema-utils.ts';
import type { PaginationFacts } from '../core/checks/server/probe-facts.ts';
import {
  type FaceDefinitions,
  type McpSnapshot,
  type ObservedFace,
  type SectionList,
  type SnapshotTool,
  sortByName,
} from '../core/checks/snapshot.ts';
import { requestLeniently } from './lenient-request.ts';
import { errorText, type OpenConnection } from './probe-connection.ts';

export const REQUEST_TIMEOUT_MS = 15_000;

const METHOD_NOT_FOUND = /\bMCP error -32601\b/;

type ListMethod = SectionList;

const LISTS = {
  'tools/list': { schema: ListToolsResultSchema, key: 'tools', id: 'name' },
  'prompts/list': { schema: ListPromptsResultSchema, key: 'prompts', id: 'name' },
  'resources/list': { schema: ListResourcesResultSchema, key: 'resources', id: 'uri' },
  'resources/templates/list': {
    schema: ListResourceTemplatesResultSchema,
    key: 'resourceTemplates',
    id: 'uriTemplate',
  },
} as const;

export const LIST_SCHEMAS = LISTS;

/**
 * Any page with a list under its key: what a lenient client reads when the strict schema refuses
 * the page. A server whose definitions the SDK's client rejects (`inputSchema` without an object
 * root, say) still shows them to clients that do not check, so they are read and judged (INT-01
 * names the defect), never taken for an empty list that scans clean.
 */
export const LENIENT_PAGE = z.looseObject({ nextCursor: z.string().optional() });

/** The items of a leniently read page that can be told apart: objects with their identifying string. */
function identifiable<T>(items: unknown, id: string): T[] {
  if (!Array.isArray(items)) return [];
  return items.filter((item) => typeof asObject(item)?.[id] === 'string') as T[];
}

export interface Listing<T> {
  items: T[];
  pagination: PaginationFacts;
}

export async function listAll<T>(client: Client, method: ListMethod): Promise<Listing<T>> {
  const { schema, key, id } = LISTS[method];
  const items: T[] = [];
  const pagination: PaginationFacts = { method, pages: 0, repeatedItems: [], cursorLoop: false };
  const seenItems = new Set<string>();
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  try {
    for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
      const request = { method, params: cursor === undefined ? {} : { cursor } };
      const answer = await requestLeniently(client, request, schema, REQUEST_TIMEOUT_MS, LENIENT_PAGE);
      if (answer.refused !== null) pagination.invalid ??= answer.refused;
      const result = answer.result as Record<string, unknown>;
      pagination.pages += 1;
      for (const item of identifiable<T>(result[key], id)) {
        const itemId = String((item as Record<string, unknown>)[id]);
        if (seenItems.has(itemId)) pagination.repeatedItems.push(itemId);
        seenItems.add(itemId);
        items.push(item);
      }
      const next = result.nextCursor;
      if (typeof next !== 'string' || next === '') break;
      if (seenCursors.has(next)) {
        pagination.cursorLoop = true;
        break;
      }
      seenCursors.add(next);
      cursor = next;
    }
  } catch (error) {
    pagination.error = errorText(error);
  }
  return { items, pagination };
}

function byKey<T extends Record<string, unknown>>(items: readonly T[], key: keyof T): T[] {
  return [...items].sort((a, b) => {
    const left = String(a[key]);
    const right = String(b[key]);
    return left < right ? -1 : left > right ? 1 : 0;
  });
}

export interface FullListing {
  definitions: FaceDefinitions;
  /**
   * Why the listing failed (the server crashed, timed out or answered with an error on tools/list,
   * or on every list it advertised), or null. A failed listing is not a face: its empty lists would
   * read as every tool removed. Other lists that fail are named in `definitions.unlisted`.
   */
  failed: string | null;
  /** Pagination of each list that was asked for (for REL-03 and REL-08). */
  pagination: Map<ListMethod, PaginationFacts>;
}

/**
 * The lists that failed. "Method not found" is an answer, the same on every connection: a server
 * that advertises resources but not templates lists none (REL-03 judges the mismatch). A crash, a
 * timeout or any other error is a failure.
 */
function failedLists(pagination: ReadonlyMap<ListMethod, PaginationFacts>): PaginationFacts[] {
  return [...pagination.values()].filter(
    (facts) => facts.error !== undefined && !METHOD_NOT_FOUND.test(facts.error),
  );
}

/** Everything the connection's server advertises, sorted so the order a server lists in is not a difference. */
export async function listEverything(connection: OpenConnection): Promise<FullListing> {
  const { client, tap } = connection;
  const initialize = tap.initialize ?? {};
  const capabilities = asObject(initialize.capabilities) ?? {};
  const pagination = new Map<ListMethod, PaginationFacts>();
  const list = async <T>(method: ListMethod, advertised: boolean): Promise<T[]> => {
    if (!advertised) return [];
    const listing = await listAll<T>(client, method);
    pagination.set(method, listing.pagination);
    return listing.items;
  };
  const tools = sortByName(await list<SnapshotTool>('tools/list', capabilities.tools !== undefined));
  const prompts = sortByName(
    await list<McpSnapshot['prompts'][number]>('prompts/list', capabilities.prompts !== undefined),
  );
  const resources = byKey(
    await list<McpSnapshot['resources'][number]>('resources/list', capabilities.resources !== undefined),
    'uri',
  );
  const templates = byKey(
    await list<McpSnapshot['resource_templates'][number]>(
      'resources/templates/list',
      capabilities.resources !== undefined,
    ),
    'uriTemplate',
  );
  const server = initialize.serverInfo ?? {};
  const failures = failedLists(pagination);
  const failure =
    failures.find((facts) => facts.method === 'tools/list') ??
    (failures.length > 0 && failures.length === pagination.size ? failures[0] : undefined);
  const unlisted = failure ? [] : failures.map((facts) => facts.method as ListMethod).sort();
  return {
    failed: failure ? `${failure.method}: ${failure.error}` : null,
    definitions: {
      server: {
        ...(typeof server.name === 'string' ? { name: server.name } : {}),
        ...(typeof server.version === 'string' ? { version: server.version } : {}),
        ...(typeof initialize.instructions === 'string' ? { instructions: initialize.instructions } : {}),
      },
      tools,
      prompts,
      resources,
      resource_templates: templates,
      ...(unlisted.length > 0 ? { unlisted } : {}),
    },
    pagination,
  };
}

/** The faces seen so far; each new listing is stored in full only when no earlier face showed the same. */
export class FaceRecorder {
  readonly faces: ObservedFace[] = [];
  readonly #hashes: string[] = [];
  /** The first face's definitions: the snapshot's top-level lists. */
  first: FaceDefinitions | undefined;

  record(connection: OpenConnection, definitions: FaceDefinitions, after?: string): ObservedFace {
    const { identity } = connection.facts;
    const number = connection.facts.connection ?? this.faces.length + 1;
    const sha256 = canonicalSha256(definitions);
    const label = `${identity}, connection ${number}${after ? `, after ${after}` : ''}`;
    const same = this.#hashes.indexOf(sha256);
    const face: ObservedFace = {
      label,
      identity,
      connection: number,
      ...(after ? { after } : {}),
      sha256,
      // The first face's definitions are the snapshot's top-level lists.
      ...(same !== -1 ? { same_as: same } : this.faces.length > 0 ? { definitions } : {}),
    };
    if (this.faces.length === 0) this.first = definitions;
    this.faces.push(face);
    this.#hashes.push(sha256);
    return face;
  }
}
