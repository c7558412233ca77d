/** `search_packages`: the `/v1/packages` list (search, filters, order) with cursor paging. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { summaryOf } from '../../../core/catalogue/package-record.ts';
import { CURSOR_PAGING, withNextCursor } from '../../../core/query/cursor-paging.ts';
import { listPackages } from '../../../core/query/list-packages.ts';
import { parseListQuery, SORT_KEYS } from '../../../core/query/list-query.ts';
import { MAX_QUERY_LENGTH } from '../../../core/query/query-policy.ts';
import { PACKAGE_KINDS } from '../../../core/types.ts';
import type { DataVersion } from '../../live/live-data.ts';
import { OUTPUT_SCHEMAS } from '../output-schemas.ts';
import {
  argument,
  argumentsSchema,
  DATA_NOTICE,
  issuesResult,
  jsonResult,
  pagingArguments,
  readOnly,
  withParsedArguments,
} from './tool-kit.ts';

const NAME = 'search_packages';

const scoreFloor = (dimension: string) =>
  argument({
    type: 'number',
    minimum: 0,
    maximum: 100,
    description: `Only packages whose ${dimension} is at least this (0–100); packages without that score are left out.`,
  });

export const searchPackagesArguments = argumentsSchema({
  q: argument({
    type: 'string',
    maxLength: MAX_QUERY_LENGTH,
    description:
      'Words to find, case- and accent-insensitive, such as "postgres", "web search" or "@bytebase/dbhub". Every word must match the name, id, registry name, category, keywords, description or tool names (synonyms such as k8s for Kubernetes count). Without sort, best matches come first.',
  }),
  kind: argument({
    enum: PACKAGE_KINDS,
    description: 'Only MCP servers ("mcp-server") or only skills ("skill").',
  }),
  category: argument({
    type: 'string',
    description: 'Only packages of this category: a slug from list_categories, such as "databases".',
  }),
  min_security_score: scoreFloor('security_score'),
  min_reliability_score: scoreFloor('reliability_score'),
  sort: argument({
    enum: SORT_KEYS,
    description:
      'Order: af_score, security_score or reliability_score (highest first, unscored last), name (A–Z) or updated_at (newest first). Default: best match when q is given, else af_score.',
  }),
  ...pagingArguments('Packages'),
});

export function registerSearchPackages(server: McpServer, data: DataVersion): void {
  server.registerTool(
    NAME,
    {
      title: 'Search packages',
      description: `Find MCP servers and agent skills in the afscore catalogue, with their quality scores (af_score, security_score, reliability_score: 0–100, higher is better; null when not yet evaluated). Use it to look a package up by name before installing it, or to shortlist the best packages of a category or kind. Returns one page of package summaries (items, page, per_page, total, total_pages), next_cursor when more pages exist, and with q the categories the words name (matching_categories). For a recommendation on one package, call get_agent_guide with its id. ${DATA_NOTICE}`,
      inputSchema: searchPackagesArguments,
      outputSchema: OUTPUT_SCHEMAS.packagePage,
      annotations: readOnly('Search packages'),
    },
    (args) =>
      withParsedArguments(
        NAME,
        args,
        (params) => parseListQuery(params, null, CURSOR_PAGING),
        (query) => {
          const result = listPackages(data.index, query);
          if (!result.ok) return issuesResult(NAME, result.issues);
          return jsonResult(withNextCursor({ ...result.value, items: result.value.items.map(summaryOf) }));
        },
      ),
  );
}
