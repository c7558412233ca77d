/**
 * Judged checks are reproducible only with a pinned model: a dated snapshot id, never an alias
 * that the provider moves (`latest`, or Anthropic's undated names).
 */

/** Aliases every provider uses: `…-latest`, `:latest`, `/latest`. */
export function isModelAlias(model: string): boolean {
  return /(^|[-_.:/])latest$/i.test(model);
}

const DATED = /(?:\d{8}|\d{4}-\d{2}-\d{2})$/;

/** Why the model id is not pinned, or null when it is. */
export function unpinnedModelReason(provider: string, model: string): string | null {
  if (model.trim() === '') return 'no model id given';
  if (isModelAlias(model)) return `"${model}" is an alias that moves; give the dated model id`;
  if (provider === 'anthropic' && !/-\d{8}$/.test(model)) {
    return `"${model}" is not a dated Anthropic snapshot (such as claude-sonnet-4-5-20250929)`;
  }
  if (provider === 'openai' && !DATED.test(model) && !/:[\w.-]+$/.test(model)) {
    return `"${model}" names no dated snapshot or explicit tag (such as gpt-4o-2024-08-06 or llama3.1:8b)`;
  }
  return null;
}
