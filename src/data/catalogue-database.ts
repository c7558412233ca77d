/**
 * The generated catalogue as one SQLite database (node:sqlite), `generated/catalogue.sqlite`: a row
 * per package with its listing (the record without its detail fields) and its detail (long
 * description, checks, evaluations) as JSON, and the rest of the catalogue (meta, categories,
 * removed, contributors, queue, stats, changes) as one JSON row per part. At 100,000 packages the
 * catalogue is about 800 MB of JSON: more than V8's longest string, so it cannot be one file read
 * with JSON.parse, and more than a server should hold. The build writes it one record at a time;
 * the server holds the listings (lists, search and sorts run over them in memory) and reads a
 * package's detail from the database when an answer needs it.
 */
import { createHash, type Hash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import {
  type Catalogue,
  type CatalogueParts,
  DETAIL_FIELDS,
  type PackageRecord,
} from '../core/catalogue/catalogue-types.ts';
import type { CheckFailureCount } from '../core/stats/check-failures.ts';
import { sqlite } from './node-sqlite.ts';

export const CATALOGUE_DATABASE = 'catalogue.sqlite';

const PARTS = ['meta', 'categories', 'removed', 'contributors', 'queue', 'stats', 'changes'] as const;

/** Counted by the build over every record, so the server need not read every row to show them. */
export interface DerivedParts {
  check_failures: readonly CheckFailureCount[];
}
const DERIVED_PARTS = ['check_failures'] as const;

/** Writes the database under a temporary name and renames it into place when it is complete. */
export class CatalogueDatabaseWriter {
  private readonly path: string;
  private readonly scratch: string;
  private readonly db: DatabaseSync;
  private readonly insert: ReturnType<DatabaseSync['prepare']>;
  /** Over every row written, in order: the data version follows the content, not SQLite's layout. */
  private readonly hash: Hash = createHash('sha256');

  constructor(outDir: string) {
    this.path = join(outDir, CATALOGUE_DATABASE);
    this.scratch = `${this.path}.${process.pid}.tmp`;
    mkdirSync(dirname(this.path), { recursive: true });
    rmSync(this.scratch, { force: true });
    const { DatabaseSync } = sqlite();
    this.db = new DatabaseSync(this.scratch);
    // A scratch file renamed into place only once complete needs no journal.
    this.db.exec(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
      CREATE TABLE packages (id TEXT PRIMARY KEY, listing TEXT NOT NULL, detail TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE parts (name TEXT PRIMARY KEY, json TEXT NOT NULL) WITHOUT ROWID;
      BEGIN;`);
    this.insert = this.db.prepare('INSERT INTO packages (id, listing, detail) VALUES (?, ?, ?)');
  }

  add(record: PackageRecord): void {
    // The detail fields stay in the listing as nulls, so a record read back keeps its key order.
    const listing = JSON.stringify({ ...record, long_description: null, checks: null, evaluations: null });
    const detail = JSON.stringify({
      long_description: record.long_description,
      checks: record.checks,
      evaluations: record.evaluations,
    });
    this.insert.run(record.id, listing, detail);
    this.hash.update(record.id).update('\u0000').update(listing).update('\u0000').update(detail).update('\n');
  }

  /**
   * Writes the other parts, and the aggregates counted over the records (`derived`: the check
   * failures), closes the database and moves it into place; returns its content digest.
   */
  finish(parts: CatalogueParts, derived: DerivedParts): string {
    const insertPart = this.db.prepare('INSERT INTO parts (name, json) VALUES (?, ?)');
    const all: Record<string, unknown> = { ...parts, ...derived };
    for (const name of [...PARTS, ...DERIVED_PARTS]) {
      const json = JSON.stringify(all[name]);
      insertPart.run(name, json);
      this.hash.update(name).update('\u0000').update(json).update('\n');
    }
    this.db.exec('COMMIT');
    this.db.close();
    renameSync(this.scratch, this.path);
    return this.hash.digest('hex');
  }

  /** Gives up: the scratch file is removed and nothing is moved into place. */
  abandon(): void {
    if (this.db.isOpen) this.db.close();
    rmSync(this.scratch, { force: true });
  }
}

export interface CatalogueReader {
  /** Packages hold their listing; the detail fields are read from the database on each access. */
  catalogue: Catalogue;
  /** Absent in a database written before the build counted them. */
  derived: Partial<DerivedParts>;
  /** Closes the database: the records' detail fields cannot be read after this. */
  close: () => void;
}

type Detail = Pick<PackageRecord, (typeof DETAIL_FIELDS)[number]>;

export function readCatalogueDatabase(generatedDir: string): CatalogueReader {
  const { DatabaseSync } = sqlite();
  const db = new DatabaseSync(join(generatedDir, CATALOGUE_DATABASE), { readOnly: true });
  const parts: Record<string, unknown> = {};
  for (const row of db.prepare('SELECT name, json FROM parts').all()) {
    parts[row.name as string] = JSON.parse(row.json as string);
  }
  const detailQuery = db.prepare('SELECT detail FROM packages WHERE id = ?');
  const detailOf = (id: string): Detail => {
    const row = detailQuery.get(id);
    if (row === undefined) throw new Error(`${id} has no row in ${CATALOGUE_DATABASE}`);
    return JSON.parse(row.detail as string) as Detail;
  };
  // One getter per field, shared by every record: it reads the record's own row when asked.
  const descriptors: PropertyDescriptorMap = Object.fromEntries(
    DETAIL_FIELDS.map((field) => [
      field,
      {
        get(this: PackageRecord) {
          return detailOf(this.id)[field];
        },
        enumerable: true,
        configurable: true,
      },
    ]),
  );
  /**
   * A copy of the listing, field by field, with the getters where its null placeholders were, so
   * the fields keep their order. Redefining the placeholders on the parsed object instead would
   * turn every record into a slow dictionary-mode object (at 100,000 packages, seconds of garbage
   * collection at start and slower sorts); copied in the same order, the records share one shape.
   */
  const getters = new Map(Object.entries(descriptors));
  const withDetailGetters = (listing: Record<string, unknown>): PackageRecord => {
    const record: Record<string, unknown> = {};
    for (const key of Object.keys(listing)) {
      const getter = getters.get(key);
      if (getter) Object.defineProperty(record, key, getter);
      else record[key] = listing[key];
    }
    return record as unknown as PackageRecord;
  };
  const packages: PackageRecord[] = [];
  // Listings come out in id order, the order the build wrote the catalogue in.
  for (const row of db.prepare('SELECT listing FROM packages ORDER BY id').iterate()) {
    packages.push(withDetailGetters(JSON.parse(row.listing as string) as Record<string, unknown>));
  }
  const catalogue = {
    meta: parts.meta,
    categories: parts.categories,
    packages,
    removed: parts.removed,
    contributors: parts.contributors,
    queue: parts.queue,
    stats: parts.stats,
    changes: parts.changes,
  } as Catalogue;
  const derived: Partial<DerivedParts> = {};
  if (parts.check_failures !== undefined)
    derived.check_failures = parts.check_failures as DerivedParts['check_failures'];
  return { catalogue, derived, close: () => db.close() };
}
