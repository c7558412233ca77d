/**
 * The generated catalogue in memory: loaded once, indexed, and swapped whole when the build writes
 * a new manifest. Requests always see one consistent data version; a failed reload keeps serving
 * the previous one.
 */
import { existsSync, type FSWatcher, watch } from 'node:fs';
import { join } from 'node:path';
import type { PackageIndex } from '../../core/query/package-index.ts';
import { type Manifest, readGenerated } from '../../data/read-generated.ts';
import type { Reply } from '../http/reply.ts';
import { LruCache } from './prepared.ts';

export type { Manifest };

export interface DataVersion {
  manifest: Manifest;
  index: PackageIndex;
  etag: string;
  /** Responses of this version, by path and canonical query. */
  responses: LruCache<Reply>;
  documents: Map<string, Buffer>;
}

/** Room for every package's detail and agent guide plus the busiest list queries. */
function responseCacheSize(packages: number): number {
  return Math.max(4096, 2 * packages + 2048);
}

export function loadDataVersion(generatedDir: string): DataVersion {
  const generated = readGenerated(generatedDir);
  return {
    ...generated,
    etag: `W/"${generated.manifest.data_version}"`,
    responses: new LruCache(responseCacheSize(generated.index.byId.size)),
  };
}

export class LiveData {
  private current: DataVersion;
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly generatedDir: string;
  private readonly log: (line: string) => void;

  constructor(generatedDir: string, log: (line: string) => void) {
    this.generatedDir = generatedDir;
    this.log = log;
    this.current = loadDataVersion(generatedDir);
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
      const next = loadDataVersion(this.generatedDir);
      if (next.manifest.data_version === this.current.manifest.data_version) return false;
      this.current = next;
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
