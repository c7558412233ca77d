/** `get_package`: one package in full, as `/v1/packages/{id}` returns it. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { packageDetail } from '../../../core/catalogue/check-views.ts';
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

const NAME = 'get_package';

export function registerGetPackage(server: McpServer, data: DataVersion): void {
  server.registerTool(
    NAME,
    {
      title: 'Get a package',
      description: `Get everything afscore publishes about one package: its scores per dimension with their weights, every rubric check with status, finding, evidence and how to fix it, the evaluations behind the score (contributors, versions, weights, why any were left out), flags, distribution (npm, PyPI, OCI image, remote URL or skill folder), repository and licence. Use it when you need the detail behind a score; for a short use/avoid recommendation call get_agent_guide instead. ${DATA_NOTICE}`,
      inputSchema: packageIdArguments,
      outputSchema: OUTPUT_SCHEMAS.package,
      annotations: readOnly('Get a package'),
    },
    (args) =>
      withParsedArguments(NAME, args, parsePackageIdParams, (id) => {
        const found = findPackageFor(data.index, id);
        return found.ok ? jsonResult(packageDetail(found.record)) : errorResult(found.message);
      }),
  );
}
