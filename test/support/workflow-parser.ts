/**
 * GitHub's own workflow parser (@actions/workflow-parser), which reads its schema with a JSON
 * import that has no `type: "json"` attribute. Bundlers accept that; Node's loader does not, so the
 * attribute is added for that package's JSON files before the parser is loaded.
 */
import { registerHooks } from 'node:module';

let hooked = false;

export async function parseWorkflowErrors(name: string, content: string): Promise<string[]> {
  if (!hooked) {
    registerHooks({
      load(url, context, nextLoad) {
        if (url.endsWith('.json') && url.includes('/@actions/workflow-parser/')) {
          return nextLoad(url, {
            ...context,
            importAttributes: { ...context.importAttributes, type: 'json' },
          });
        }
        return nextLoad(url, context);
      },
    });
    hooked = true;
  }
  const { parseWorkflow, NoOperationTraceWriter } = await import('@actions/workflow-parser');
  const result = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  return result.context.errors.getErrors().map((error) => error.message);
}
