/** `get_stats`: sitewide counts and the score distribution, as `/v1/stats`. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { statsView } from '../../../core/query/catalogue-summaries.ts';
import type { DataVersion } from '../../live/live-data.ts';
import { OUTPUT_SCHEMAS } from '../output-schemas.ts';
import { jsonResult, noArguments, parseNoArguments, readOnly, withParsedArguments } from './tool-kit.ts';

const NAME = 'get_stats';

export function registerGetStats(server: McpServer, data: DataVersion): void {
  server.registerTool(
    NAME,
    {
      title: 'Catalogue statistics',
      description:
        'Get statistics of the whole afscore catalogue: packages in total and by kind, how many are evaluated, not yet evaluated or need re-evaluation, evaluations, contributors and categories, the average af_score, the af_score distribution in ten 10-point buckets, the time the data is as of and the rubric version. Use it for an overview; it names no package.',
      inputSchema: noArguments,
      outputSchema: OUTPUT_SCHEMAS.stats,
      annotations: readOnly('Catalogue statistics'),
    },
    (args) => withParsedArguments(NAME, args, parseNoArguments, () => jsonResult(statsView(data.index))),
  );
}
