/**
 * The generated catalogue in memory: loaded once, indexed, and swapped whole when the build writes
 * a new manifest. Requests always see one consistent data version; a failed reload keeps serving
 * the previous one.
 */
import { existsSync, type FSWatcher, watch } from 'node:fs';
import { join } from 'node:path';
import type { PackageIndex } from '../../core/query/package-index.ts';
import { type Manifest, readGenerated, readManifest } from '../../data/read-generated.ts';
import {
  DEFAULT_RESPONSE_CACHE_BYTES,
  ResponseCache,
  type ResponseCacheLimits,
  splitResponseBudget,
} from './response-cache.ts';

export type { Manifest };

export interface DataVersion {
  manifest: Manifest;
  index: PackageIndex;
  etag: string;
  /** Responses of this version ready to write, by canonical key and by the raw targets seen. */
  responses: ResponseCache;
  documents: Map<string, Buffer>;
  /** Closes its catalogue database (detail fields read from it fail afterwards). */
  close: () => void;
}

/**
 * How long a replaced version's database stays open: requests that started on it finish on it.
 * Its file was renamed over, so the open handle still reads the old version's rows meanwhile.
 */
const RETIRE_AFTER_MS = 60_000;

/** The HTTP share of AFSCORE_RESPONSE_CACHE_MB's default, for callers without a configuration. */
const DEFAULT_RESPONSE_CACHE = splitResponseBudget(DEFAULT_RESPONSE_CACHE_BYTES).http;

export function loadDataVersion(
  generatedDir: string,
  cacheLimits: ResponseCacheLimits = DEFAULT_RESPONSE_CACHE,
): DataVersion {
  const generated = readGenerated(generatedDir);
  return {
    ...generated,
    etag: `W/"${generated.manifest.data_version}"`,
    responses: new ResponseCache(cacheLimits),
  };
}

export class LiveData {
  private current: DataVersion;
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly generatedDir: string;
  private readonly log: (line: string) => void;
  private readonly cacheLimits: ResponseCacheLimits;

  constructor(
    generatedDir: string,
    log: (line: string) => void,
    cacheLimits: ResponseCacheLimits = DEFAULT_RESPONSE_CACHE,
  ) {
    this.generatedDir = generatedDir;
    this.log = log;
    this.cacheLimits = cacheLimits;
    this.current = loadDataVersion(generatedDir, cacheLimits);
  }

  get version(): DataVersion {
    return this.current;
  }

  /** Reloads when the manifest changes; the build writes it last, after every other file. */
  watch(): void {
    this.watcher = watch(this.generatedDir, (_event, name) => {
      if (name !== 'manifest.json') return;
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => this.reload(), 100);
    });
  }

  reload(): boolean {
    if (!existsSync(join(this.generatedDir, 'manifest.json'))) return false;
    try {
      // The manifest says whether anything changed; the catalogue is read only when it did.
      if (readManifest(this.generatedDir).data_version === this.current.manifest.data_version) return false;
      const next = loadDataVersion(this.generatedDir, this.cacheLimits);
      if (next.manifest.data_version === this.current.manifest.data_version) {
        next.close();
        return false;
      }
      const previous = this.current;
      this.current = next;
      setTimeout(() => previous.close(), RETIRE_AFTER_MS).unref();
      this.log(`data reloaded: version ${next.manifest.data_version}, ${next.index.byId.size} packages`);
      return true;
    } catch (error) {
      this.log(
        `data reload failed, still serving ${this.current.manifest.data_version}: ${(error as Error).message}`,
      );
      return false;
    }
  }

  close(): void {
    this.watcher?.close();
    if (this.timer) clearTimeout(this.timer);
  }
}
