/** `list_categories`: every category with its package counts, as `/v1/categories?per_page=100`. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { categoryPage } from '../../../core/query/catalogue-summaries.ts';
import { MAX_PAGE_SIZE } from '../../../core/query/query-policy.ts';
import type { DataVersion } from '../../live/live-data.ts';
import { OUTPUT_SCHEMAS } from '../output-schemas.ts';
import { jsonResult, noArguments, parseNoArguments, readOnly, withParsedArguments } from './tool-kit.ts';

const NAME = 'list_categories';

export function registerListCategories(server: McpServer, data: DataVersion): void {
  server.registerTool(
    NAME,
    {
      title: 'List categories',
      description:
        'List every category of the afscore catalogue (such as databases or developer tools): slug, name, one-line description, how many packages it holds and how many of them are evaluated. Use a slug as the category of search_packages or get_category_leaderboard. All categories come in one page.',
      inputSchema: noArguments,
      outputSchema: OUTPUT_SCHEMAS.categoryPage,
      annotations: readOnly('List categories'),
    },
    // One page as large as /v1 allows: the catalogue has a few dozen categories at most.
    (args) =>
      withParsedArguments(NAME, args, parseNoArguments, () =>
        jsonResult(categoryPage(data.index, { page: 1, perPage: MAX_PAGE_SIZE })),
      ),
  );
}
