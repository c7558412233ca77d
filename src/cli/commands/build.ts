/**
 * `afscore build`: validates the repository and writes the generated catalogue. Refuses to build
 * from invalid data, so nothing downstream ever serves a half-checked catalogue.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCatalogueParts } from '../../core/catalogue/build-catalogue.ts';
import { CheckFailureTally } from '../../core/stats/check-failures.ts';
import { parseTimestamp } from '../../core/time/rfc3339.ts';
import { formatFileIssue } from '../../core/validation/issue.ts';
import { CATALOGUE_DATABASE, CatalogueDatabaseWriter } from '../../data/catalogue-database.ts';
import { FORMER_CATALOGUE_FILE, generatedFiles } from '../../data/generated-files.ts';
import { loadRepositoryInThreads } from '../../data/load-repository.ts';
import { writeGenerated } from '../../data/write-generated.ts';
import { type CliIo, EXIT } from '../io.ts';

export const buildUsage = `Usage: afscore build [--root DIR] [--out DIR] [--as-of TIME|now]

Validates the data and writes the generated catalogue (catalogue.sqlite, the guide and the schemas)
to --out (default: <root>/generated).
The clock for states and staleness is --as-of (RFC 3339), else the HEAD commit time, so the same
commit always builds the same bytes. The hourly publish passes --as-of now.`;

function resolveAsOf(
  value: string | undefined,
  now: number,
): { ok: true; value?: string } | { ok: false; message: string } {
  if (value === undefined) return { ok: true };
  if (value === 'now') {
    // Whole hours: every build within the hour is identical.
    return { ok: true, value: new Date(Math.floor(now / 3_600_000) * 3_600_000).toISOString() };
  }
  const parsed = parseTimestamp(value);
  return parsed.ok
    ? { ok: true, value: parsed.value.iso }
    : { ok: false, message: parsed.issues[0]!.message };
}

export async function runBuild(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      root: { type: 'string' },
      out: { type: 'string' },
      'as-of': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(buildUsage);
    return EXIT.ok;
  }
  const asOf = resolveAsOf(values['as-of'], io.now());
  if (!asOf.ok) {
    io.err(`--as-of ${asOf.message} (write an RFC 3339 time such as 2026-11-22T10:00:00Z, or "now")`);
    return EXIT.usage;
  }
  const root = resolve(io.cwd, values.root ?? '.');
  const outDir = resolve(root, values.out ?? 'generated');
  const started = io.now();
  const loaded = await loadRepositoryInThreads(root, asOf.value === undefined ? {} : { asOf: asOf.value });
  if (loaded.issues.length > 0) {
    for (const found of loaded.issues) io.err(formatFileIssue(found));
    io.err(`✗ not built: ${loaded.issues.length} problem(s); fix them and build again`);
    return EXIT.invalid;
  }
  // Each package's record goes to the database as it is made; only its listing stays in memory.
  const database = new CatalogueDatabaseWriter(outDir);
  let digest: string;
  let meta: { as_of: string; rubric_version: string };
  try {
    const checkFailures = new CheckFailureTally();
    const parts = buildCatalogueParts(loaded.input, (record) => {
      database.add(record);
      checkFailures.add(record);
    });
    digest = database.finish(parts, { check_failures: checkFailures.counts() });
    meta = parts.meta;
  } catch (error) {
    database.abandon();
    throw error;
  }
  rmSync(join(outDir, FORMER_CATALOGUE_FILE), { force: true });
  const manifest = writeGenerated(outDir, generatedFiles(), meta, { [CATALOGUE_DATABASE]: digest });
  const { packages, evaluations } = loaded.counts;
  io.out(
    `✓ built ${packages} packages and ${evaluations} evaluations as of ${manifest.as_of} → ${outDir} (data version ${manifest.data_version}, ${io.now() - started} ms)`,
  );
  return EXIT.ok;
}
