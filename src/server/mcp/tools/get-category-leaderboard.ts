/** `get_category_leaderboard`: the top packages of a category, as `/v1/categories/{slug}/leaderboard`. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  LEADERBOARD_DIMENSIONS,
  leaderboard,
  parseLeaderboardQuery,
} from '../../../core/query/leaderboard.ts';
import { DEFAULT_LEADERBOARD_LIMIT, MAX_LEADERBOARD_LIMIT } from '../../../core/query/query-policy.ts';
import type { DataVersion } from '../../live/live-data.ts';
import { OUTPUT_SCHEMAS } from '../output-schemas.ts';
import {
  argument,
  argumentsSchema,
  DATA_NOTICE,
  issuesResult,
  jsonResult,
  readOnly,
  type ToolArguments,
  withParsedArguments,
} from './tool-kit.ts';

const NAME = 'get_category_leaderboard';

const leaderboardArguments = argumentsSchema(
  {
    category: argument({
      type: 'string',
      description: 'Category slug from list_categories, such as "databases".',
    }),
    dimension: argument({
      enum: LEADERBOARD_DIMENSIONS,
      default: 'af_score',
      description: 'The score to rank by: af_score (overall) or one dimension score such as security_score.',
    }),
    limit: argument({
      type: 'integer',
      minimum: 1,
      maximum: MAX_LEADERBOARD_LIMIT,
      default: DEFAULT_LEADERBOARD_LIMIT,
      description: 'How many of the top packages to return.',
    }),
  },
  ['category'],
);

function ranking(data: DataVersion, { category, ...rest }: ToolArguments) {
  if (typeof category !== 'string' || category === '') {
    const absent = category === undefined || category === null || category === '';
    const message = absent ? 'is required' : 'must be a string';
    return issuesResult(NAME, [
      { parameter: 'category', message, hint: 'give a category slug from list_categories' },
    ]);
  }
  if (!data.index.categories.has(category)) {
    return issuesResult(NAME, [
      {
        parameter: 'category',
        message: `${JSON.stringify(category)} is not a category`,
        hint: `use one of ${[...data.index.categories.keys()].join(', ')}`,
      },
    ]);
  }
  return withParsedArguments(NAME, rest, parseLeaderboardQuery, (query) =>
    jsonResult(leaderboard(data.index, category, query)),
  );
}

export function registerGetCategoryLeaderboard(server: McpServer, data: DataVersion): void {
  server.registerTool(
    NAME,
    {
      title: 'Category leaderboard',
      description: `Rank the packages of one category by a score, highest first: each entry has its rank (equal scores share a rank), id, name, kind, the score ranked by, af_score, grade, evaluation status and confidence. Packages without that score are left out. Use it to find the best-rated MCP servers or skills for a job, e.g. the most secure database servers. ${DATA_NOTICE}`,
      inputSchema: leaderboardArguments,
      outputSchema: OUTPUT_SCHEMAS.leaderboard,
      annotations: readOnly('Category leaderboard'),
    },
    (args) => ranking(data, args),
  );
}
