/**
 * A local nginx (Debian's package; `npm test`'s pre-test step installs it) as the load balancer in front of several
 * afscore instances: round robin, keep-alive to the upstreams, the client address appended to
 * X-Forwarded-For, and the upstream that answered in an `X-Upstream` response header, so tests can
 * see that both instances took part.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProgram } from '../setup/system-requirements.ts';
import { freePort } from './postgres.ts';

export interface Balancer {
  url: string;
  close(): Promise<void>;
}

function nginxBinary(): string {
  const found = findProgram('nginx');
  if (!found)
    throw new Error('nginx not found: npm test installs it (apt-get install -y nginx); npm run doctor');
  return found;
}

function configuration(dir: string, port: number, upstreams: readonly string[]): string {
  return `${nginxPreamble(dir)}
  client_max_body_size 2m;
  # Clients (the load benchmark) keep their connections for the whole run.
  keepalive_requests 1000000;
  upstream afscore {
${upstreams.map((address) => `    server ${address};`).join('\n')}
    keepalive 64;
    keepalive_requests 1000000;
    # Below the instances' own 5 s, so nginx never reuses a connection an instance is closing.
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://afscore;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/**
 * The start of an nginx configuration that runs unprivileged from `dir`: one worker in the
 * foreground, its pid, log and temporary folders under `dir`, access log off. The caller goes on
 * inside the `http {` block and closes it.
 */
export function nginxPreamble(dir: string): string {
  const temp = (name: string) => {
    mkdirSync(join(dir, name), { recursive: true, mode: 0o777 });
    return join(dir, name);
  };
  return `worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};`;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface RunningNginx {
  url: string;
  /** The master process's pid. */
  pid: number;
  /** Stops nginx and removes `dir`. */
  close(): Promise<void>;
}

/** Runs `binary` with `configuration` from `dir` and waits until it listens on `port` (10 s at most). */
export async function runNginx(
  binary: string,
  dir: string,
  configuration: string,
  port: number,
): Promise<RunningNginx> {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, configuration);
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let failed: string | null = null;
  child.once('exit', (code) => {
    failed = `nginx exited with ${code}: ${existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''}`;
  });
  child.once('error', (error) => {
    failed = `nginx could not start (${error.message}); install it: apt-get install -y nginx`;
  });
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (failed) throw new Error(failed);
    if (Date.now() > deadline) throw new Error('nginx did not start listening within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async close() {
      if (child.exitCode === null && !failed) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts nginx balancing over `upstreams` (`host:port` each). */
export async function startBalancer(upstreams: readonly string[]): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), 'afscore-nginx-'));
  const port = await freePort();
  const { url, close } = await runNginx(nginxBinary(), dir, configuration(dir, port, upstreams), port);
  return { url, close };
}
