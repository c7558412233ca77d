/** `afscore mirror`: writes the static mirror of the read API next to the built site. */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../../server/config.ts';
import { loadDataVersion } from '../../server/live/live-data.ts';
import { writeStaticMirror } from '../../server/static-mirror.ts';
import { type CliIo, EXIT } from '../io.ts';

export const mirrorUsage = `Usage: afscore mirror [--generated DIR] [--out DIR] [--public-url URL]

Writes every parameter-free GET response of /v1, the documents and every package's badge as
files under --out (default dist/client), for a static host or CDN. Run after afscore build and
astro build.`;

export async function runMirror(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      generated: { type: 'string' },
      out: { type: 'string' },
      'public-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(mirrorUsage);
    return EXIT.ok;
  }
  const generated = resolve(io.cwd, values.generated ?? 'generated');
  const outDir = resolve(io.cwd, values.out ?? 'dist/client');
  const started = io.now();
  const version = loadDataVersion(generated);
  // The same settings the server would publish: public URL and limits come from its configuration.
  const config = readConfig(process.env, io.cwd);
  const publicUrl = (values['public-url'] ?? config.publicUrl).replace(/\/$/, '');
  const count = await writeStaticMirror(version, outDir, {
    publicUrl,
    limits: config.limits,
    leaseHours: config.leaseHours,
  });
  io.out(
    `✓ mirrored ${count} files of data version ${version.manifest.data_version} → ${outDir} (${io.now() - started} ms)`,
  );
  return EXIT.ok;
}
