/** `compare_packages`: up to five packages side by side, as `/v1/compare` returns them. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { comparePackages, parseCompareIds } from '../../../core/query/compare.ts';
import { MAX_COMPARE } from '../../../core/query/query-policy.ts';
import { listArgument } from '../../../core/query/tool-arguments.ts';
import type { DataVersion } from '../../live/live-data.ts';
import { OUTPUT_SCHEMAS } from '../output-schemas.ts';
import {
  argument,
  argumentsSchema,
  DATA_NOTICE,
  errorResult,
  issuesResult,
  jsonResult,
  readOnly,
  type ToolArguments,
  withParsedArguments,
} from './tool-kit.ts';

const NAME = 'compare_packages';

const compareArguments = argumentsSchema(
  {
    ids: argument({
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
      maxItems: MAX_COMPARE,
      uniqueItems: true,
      description: `1 to ${MAX_COMPARE} distinct package ids, such as ["server-memory", "server-filesystem"].`,
    }),
  },
  ['ids'],
);

function compare(data: DataVersion, args: ToolArguments) {
  const ids = listArgument(args.ids, 'ids');
  if (!ids.ok) return issuesResult(NAME, ids.issues);
  return withParsedArguments(NAME, { ...args, ids: ids.value }, parseCompareIds, (parsed) => {
    const outcome = comparePackages(data.index, parsed);
    if (outcome.ok) return jsonResult(outcome.value);
    const names = outcome.unknown.map((id) => JSON.stringify(id)).join(', ');
    return errorResult(`No package ${names}; search_packages with q set to part of a name finds the ids.`);
  });
}

export function registerComparePackages(server: McpServer, data: DataVersion): void {
  server.registerTool(
    NAME,
    {
      title: 'Compare packages',
      description: `Compare up to ${MAX_COMPARE} MCP servers or skills side by side: af_score, grade, security and reliability scores, every dimension score with its weight, evaluation status, confidence, cross-validation, flags, version, licence and when each was last evaluated, in the order given. Use it to choose between candidates that do the same job. ${DATA_NOTICE}`,
      inputSchema: compareArguments,
      outputSchema: OUTPUT_SCHEMAS.comparison,
      annotations: readOnly('Compare packages'),
    },
    (args) => compare(data, args),
  );
}
