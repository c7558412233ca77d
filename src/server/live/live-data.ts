/**
 * The generated catalogue in memory: loaded once, indexed, and swapped whole when the build writes
 * a new manifest. Requests always see one consistent data version; a failed reload keeps serving
 * the previous one.
 */
import { existsSync, type FSWatcher, readFileSync, watch } from 'node:fs';
import { join } from 'node:path';
import type { Catalogue } from '../../core/catalogue/catalogue-types.ts';
import { buildPackageIndex, type PackageIndex } from '../../core/query/package-index.ts';
import type { Reply } from '../http/reply.ts';
import { LruCache } from './prepared.ts';

export interface Manifest {
  data_version: string;
  as_of: string;
  rubric_version: string;
}

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
/** The documents the build publishes beside the catalogue, served as they are. */
export const PUBLISHED_DOCUMENTS = [
  'evaluation-guide.md',
  'schemas/evaluation-2.0.json',
  'schemas/package.json',
  'schemas/category.json',
  'schemas/spot-check.json',
  'schemas/registry.json',
];

export function loadDataVersion(generatedDir: string): DataVersion {
  const manifest = JSON.parse(readFileSync(join(generatedDir, 'manifest.json'), 'utf8')) as Manifest;
  const catalogue = JSON.parse(readFileSync(join(generatedDir, 'catalogue.json'), 'utf8')) as Catalogue;
  const documents = new Map(
    PUBLISHED_DOCUMENTS.map((name) => [name, readFileSync(join(generatedDir, name))]),
  );
  return {
    manifest,
    index: buildPackageIndex(catalogue),
    etag: `W/"${manifest.data_version}"`,
    responses: new LruCache(responseCacheSize(catalogue.packages.length)),
    documents,
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
