/**
 * `npm start`: builds what is missing (the generated data, the site), then serves the whole product.
 * In production run `node scripts/start.ts` under the process manager rather than through npm, so
 * signals reach the server itself.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { processIo } from '../src/cli/io.ts';
import { main as cli } from '../src/cli/main.ts';
import { ConfigError, readConfig } from '../src/server/config.ts';
import { startServer, stopOnSignals } from '../src/server/main.ts';

const root = join(import.meta.dirname, '..');
const log = (line: string) => process.stderr.write(`${line}\n`);

try {
  const config = readConfig(process.env, root);
  if (!existsSync(join(config.generatedDir, 'manifest.json'))) {
    log('building the data (npm run build:data)…');
    if ((await cli(['build', '--root', root, '--out', config.generatedDir], processIo())) !== 0)
      process.exit(1);
  }
  if (!existsSync(join(config.distDir, 'server', 'entry.mjs'))) {
    log('building the site (astro build)…');
    const astro = spawnSync(join(root, 'node_modules', '.bin', 'astro'), ['build'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (astro.status !== 0) process.exit(1);
  }
  const running = await startServer(config, log);
  const { manifest } = running.data.version;
  log(
    `afscore serving ${running.url} (data version ${manifest.data_version} as of ${manifest.as_of}, ${running.data.version.index.byId.size} packages)`,
  );
  stopOnSignals(running, log);
} catch (error) {
  log(
    error instanceof ConfigError
      ? `configuration: ${error.message}`
      : `cannot start: ${(error as Error).message}`,
  );
  process.exit(1);
}
