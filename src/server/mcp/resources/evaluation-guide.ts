/** Resource `afscore://evaluation-guide`: the evaluation guide served at `/evaluation-guide.md`. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RUBRIC_VERSION } from '../../../core/rubric/versions.ts';
import type { DataVersion } from '../../live/live-data.ts';

export const EVALUATION_GUIDE_URI = 'afscore://evaluation-guide';

export function registerEvaluationGuide(server: McpServer, data: DataVersion): void {
  server.registerResource(
    'evaluation-guide',
    EVALUATION_GUIDE_URI,
    {
      title: `afscore evaluation guide (rubric ${RUBRIC_VERSION})`,
      description:
        'How to evaluate an MCP server or skill for afscore: the rubric with every check, how scores are computed, the evaluation document, running an evaluation with an agent or the command-line evaluator, and how to submit it.',
      mimeType: 'text/markdown',
    },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'text/markdown',
          text: data.documents.get('evaluation-guide.md')!.toString(),
        },
      ],
    }),
  );
}
