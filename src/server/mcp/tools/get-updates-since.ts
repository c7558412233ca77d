/** `get_updates_since`: the change feed of `/v1/packages/updated-since`, with cursor paging. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { changesSince, parseFeedQuery } from '../../../core/feed/change-feed.ts';
import { CURSOR_PAGING, withNextCursor } from '../../../core/query/cursor-paging.ts';
import type { DataVersion } from '../../live/live-data.ts';
import { OUTPUT_SCHEMAS } from '../output-schemas.ts';
import {
  argument,
  argumentsSchema,
  DATA_NOTICE,
  jsonResult,
  pagingArguments,
  readOnly,
  withParsedArguments,
} from './tool-kit.ts';

const NAME = 'get_updates_since';

const updatesArguments = argumentsSchema(
  {
    timestamp: argument({
      type: 'string',
      format: 'date-time',
      description:
        'RFC 3339 time with Z or an offset, such as "2026-11-01T00:00:00Z": changes after it are returned.',
    }),
    ...pagingArguments('Changes'),
  },
  ['timestamp'],
);

export function registerGetUpdatesSince(server: McpServer, data: DataVersion): void {
  server.registerTool(
    NAME,
    {
      title: 'Changes since a time',
      description: `List the packages that changed after a time, oldest change first: each item is a package summary with change "added", "updated" or "evaluated", or a tombstone (id, name, removed_on, reason) with change "removed". Use it to keep a local copy of scores up to date: remember the updated_at of the last item and pass it as timestamp next time. ${DATA_NOTICE}`,
      inputSchema: updatesArguments,
      outputSchema: OUTPUT_SCHEMAS.changePage,
      annotations: readOnly('Changes since a time'),
    },
    (args) =>
      withParsedArguments(
        NAME,
        args,
        (params) => parseFeedQuery(params, CURSOR_PAGING),
        (query) => jsonResult(withNextCursor(changesSince(data.index, query))),
      ),
  );
}
