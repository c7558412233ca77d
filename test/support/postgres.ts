/**
 * A throwaway PostgreSQL cluster for a test suite or a benchmark: `initdb` in a temporary folder,
 * `pg_ctl` on a free port (TCP on 127.0.0.1 only, its socket in that folder), stopped and removed
 * afterwards. Uses Debian's server binaries (`apt-get install postgresql`, which `.ci/run` does).
 *
 * PostgreSQL refuses to run as root. When the tests run as root (CI containers), the cluster is
 * owned and run by the `postgres` system user the Debian package creates, through `runuser`; its
 * folder is handed to that user. Otherwise it runs as the current user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

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

/** The newest installed server's binaries: Debian's versioned folders, else whatever is on PATH. */
export function postgresBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(base, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(base, versions[0], 'bin');
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'PostgreSQL server binaries not found: install them (Debian: apt-get install -y postgresql), as .ci/run does',
    );
  }
}

/** The user that runs the cluster when we are root, with its uid and gid. */
function serviceUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'postgres');
  if (!entry) {
    throw new Error(
      'running as root, and PostgreSQL refuses root: no "postgres" user to run it as (apt-get install -y postgresql creates one)',
    );
  }
  return { name: 'postgres', uid: Number(entry[2]), gid: Number(entry[3]) };
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
  const bin = postgresBinDir();
  const user = serviceUser();
  const dir = mkdtempSync(join(tmpdir(), 'afscore-pg-'));
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
      await as('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'afscore', name]);
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
