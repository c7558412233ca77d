/** Resource `afscore://schemas/evaluation-2.0.json`: the JSON Schema of an evaluation document. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { DataVersion } from '../../live/live-data.ts';

export const EVALUATION_SCHEMA_URI = 'afscore://schemas/evaluation-2.0.json';
const MIME_TYPE = 'application/schema+json';

export function registerEvaluationSchema(server: McpServer, data: DataVersion): void {
  server.registerResource(
    'evaluation-schema',
    EVALUATION_SCHEMA_URI,
    {
      title: 'Evaluation document schema 2.0',
      description:
        'JSON Schema (2020-12) that an evaluation document must satisfy before it is submitted to POST /v1/evaluations or added by pull request.',
      mimeType: MIME_TYPE,
    },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: MIME_TYPE,
          text: data.documents.get('schemas/evaluation-2.0.json')!.toString(),
        },
      ],
    }),
  );
}
