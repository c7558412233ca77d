/**
 * node:sqlite, loaded synchronously (the site's middleware reads the catalogue without awaiting),
 * for the generated catalogue and the server's state store alike.
 * It prints an ExperimentalWarning on load that would land in every command's output: only that
 * one warning is held back.
 */
export function sqlite(): typeof import('node:sqlite') {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('SQLite is an experimental feature')) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return process.getBuiltinModule('node:sqlite') as typeof import('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
}
