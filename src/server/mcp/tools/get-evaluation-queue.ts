/** `get_evaluation_queue`: packages waiting for an evaluation, as `/v1/queue`, with cursor paging. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CURSOR_PAGING, withNextCursor } from '../../../core/query/cursor-paging.ts';
import { pageOf } from '../../../core/query/list-packages.ts';
import { ParameterReader } from '../../../core/query/query-params.ts';
import type { DataVersion } from '../../live/live-data.ts';
import { OUTPUT_SCHEMAS } from '../output-schemas.ts';
import {
  argumentsSchema,
  DATA_NOTICE,
  jsonResult,
  pagingArguments,
  readOnly,
  withParsedArguments,
} from './tool-kit.ts';

const NAME = 'get_evaluation_queue';

export function registerGetEvaluationQueue(server: McpServer, data: DataVersion): void {
  server.registerTool(
    NAME,
    {
      title: 'Evaluation queue',
      description: `List the packages that need an evaluation, highest priority first: never-evaluated packages, then those whose score is out of date. Each entry has id, name, kind, category, evaluation_status ("Not yet evaluated" or "Needs re-evaluation"), the reason, its priority, and whether a contributor has claimed it (claimed_until). Use it to pick a package to evaluate; the evaluate_package prompt then walks you through the evaluation. ${DATA_NOTICE}`,
      inputSchema: argumentsSchema(pagingArguments('Entries')),
      outputSchema: OUTPUT_SCHEMAS.queuePage,
      annotations: readOnly('Evaluation queue'),
    },
    (args) =>
      withParsedArguments(
        NAME,
        args,
        (params) => {
          const reader = new ParameterReader(params, CURSOR_PAGING.parameters);
          return reader.result(CURSOR_PAGING.read(reader));
        },
        (paging) => jsonResult(withNextCursor(pageOf(data.index.catalogue.queue, paging))),
      ),
  );
}
