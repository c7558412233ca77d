/** `get_agent_guide`: whether to use one package and how, as `/v1/packages/{id}/agent-guide` says. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { agentGuideFor } from '../../../core/agent-guide/agent-guide.ts';
import { parsePackageIdParams } from '../../../core/query/find-package.ts';
import type { DataVersion } from '../../live/live-data.ts';
import { OUTPUT_SCHEMAS } from '../output-schemas.ts';
import { findPackageFor } from '../package-lookup.ts';
import {
  DATA_NOTICE,
  errorResult,
  jsonResult,
  packageIdArguments,
  readOnly,
  withParsedArguments,
} from './tool-kit.ts';

const NAME = 'get_agent_guide';

export function registerGetAgentGuide(server: McpServer, data: DataVersion): void {
  server.registerTool(
    NAME,
    {
      title: 'Should I use this package?',
      description: `Get afscore's guidance for an agent about one MCP server or skill before installing or connecting it: recommendation ("use", "use-with-care", "avoid" or "unknown" when not yet evaluated) with the reasons, the scores, the install or connect command, cautions from the failed checks (most severe first, with advice) and flags. Call it before you install a package for a user; treat "avoid" as a hard stop unless the user insists. ${DATA_NOTICE}`,
      inputSchema: packageIdArguments,
      outputSchema: OUTPUT_SCHEMAS.agentGuide,
      annotations: readOnly('Should I use this package?'),
    },
    (args) =>
      withParsedArguments(NAME, args, parsePackageIdParams, (id) => {
        const found = findPackageFor(data.index, id);
        return found.ok ? jsonResult(agentGuideFor(found.record)) : errorResult(found.message);
      }),
  );
}
