#!/usr/bin/env node
// The `afscore` bin. It runs the CLI on the project's pinned Node 22 (the `node` npm package), since
// `npx afscore` may start it on whatever node is first on PATH.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'scripts', 'cli.ts');

if (process.versions.node.startsWith('22.') && process.features.typescript) {
  await import(cli);
} else {
  const pinned = join(root, 'node_modules', 'node', 'bin', 'node');
  const result = spawnSync(pinned, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (result.error) {
    console.error(
      `afscore: cannot start the pinned Node 22 at ${pinned} (${result.error.message}); run npm ci first`,
    );
    process.exit(2);
  }
  process.exit(result.status ?? 1);
}
