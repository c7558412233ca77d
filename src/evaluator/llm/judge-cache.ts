/**
 * Verdicts cached on disk, keyed by (prompt SHA-256, model, input SHA-256): the same question to
 * the same pinned model is asked once, and a new package version with unchanged tools costs
 * nothing. Only schema-valid verdicts are stored.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalSha256 } from '../../core/checks/canonical-json.ts';

export interface JudgeCache {
  get(key: JudgeCacheKey): unknown;
  set(key: JudgeCacheKey, verdict: unknown): void;
}

export interface JudgeCacheKey {
  promptSha256: string;
  model: string;
  inputSha256: string;
}

/** `$XDG_CACHE_HOME/afscore/llm`, or `~/.cache/afscore/llm`. */
export function defaultCacheDir(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const base =
    env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.trim() !== '' ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(base, 'afscore', 'llm');
}

function fileFor(dir: string, key: JudgeCacheKey): string {
  return join(
    dir,
    `${canonicalSha256({ input: key.inputSha256, model: key.model, prompt: key.promptSha256 })}.json`,
  );
}

export function diskCache(dir: string): JudgeCache {
  return {
    get(key) {
      try {
        const stored = JSON.parse(readFileSync(fileFor(dir, key), 'utf8')) as {
          key?: JudgeCacheKey;
          verdict?: unknown;
        };
        const same =
          stored.key?.promptSha256 === key.promptSha256 &&
          stored.key.model === key.model &&
          stored.key.inputSha256 === key.inputSha256;
        return same ? stored.verdict : undefined;
      } catch {
        return undefined;
      }
    },
    set(key, verdict) {
      mkdirSync(dir, { recursive: true });
      const file = fileFor(dir, key);
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify({ key, verdict })}\n`);
      renameSync(temporary, file);
    },
  };
}

export function memoryCache(): JudgeCache {
  const entries = new Map<string, unknown>();
  const keyOf = (key: JudgeCacheKey) => `${key.promptSha256}\u0000${key.model}\u0000${key.inputSha256}`;
  return {
    get: (key) => entries.get(keyOf(key)),
    set: (key, verdict) => {
      entries.set(keyOf(key), verdict);
    },
  };
}
