/**
 * Reads what the build wrote to the generated folder: the manifest, the catalogue database (its
 * listings indexed for queries, each package's detail read when asked) and the documents published beside it. The front server loads its data versions
 * through here, and so does the site's middleware when no front server hands the pages their data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPackageIndex, type PackageIndex } from '../core/query/package-index.ts';
import { readCatalogueDatabase } from './catalogue-database.ts';

export interface Manifest {
  data_version: string;
  as_of: string;
  rubric_version: string;
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

export interface GeneratedData {
  manifest: Manifest;
  index: PackageIndex;
  /** Published documents by name (`evaluation-guide.md`, `schemas/…`). */
  documents: Map<string, Buffer>;
  /** Closes the catalogue database; records' detail fields cannot be read afterwards. */
  close: () => void;
}

/** The manifest alone: which data version the folder holds, without reading the catalogue. */
export function readManifest(generatedDir: string): Manifest {
  return JSON.parse(readFileSync(join(generatedDir, 'manifest.json'), 'utf8')) as Manifest;
}

export function readGenerated(generatedDir: string): GeneratedData {
  const manifest = readManifest(generatedDir);
  const { catalogue, derived, close } = readCatalogueDatabase(generatedDir);
  try {
    const documents = new Map(
      PUBLISHED_DOCUMENTS.map((name) => [name, readFileSync(join(generatedDir, name))]),
    );
    const index = buildPackageIndex(
      catalogue,
      derived.check_failures ? { checkFailures: derived.check_failures } : {},
    );
    return { manifest, index, documents, close };
  } catch (error) {
    close();
    throw error;
  }
}
