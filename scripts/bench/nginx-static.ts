/**
 * The baseline of `npm run bench`: Debian's nginx serving a folder of files, one worker process
 * (the front server is one Node process), access log off, open file cache and sendfile on: a
 * static server tuned as it would be in production. POSTs to a file answer the file (the MCP
 * scenario posts), through nginx's usual `error_page 405 =200` turn.
 *
 * nginx is not needed by `npm test` for this; when it is missing the benchmark stops with the
 * command that installs it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { findProgram } from '../../test/setup/system-requirements.ts';

export const NGINX_INSTALL = 'sudo apt-get update && sudo apt-get install -y nginx';

export interface StaticNginx {
  url: string;
  version: string;
  pid: number;
  close(): Promise<void>;
}

/** The nginx binary, or null; callers print NGINX_INSTALL. */
export function nginxBinary(): string | null {
  return findProgram('nginx') ?? findProgram('/usr/sbin/nginx');
}

function configuration(dir: string, root: string, port: number): string {
  const temp = (name: string) => {
    mkdirSync(join(dir, name), { recursive: true });
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
  scgi_temp_path ${temp('scgi')};
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  open_file_cache max=200000 inactive=60s;
  open_file_cache_valid 60s;
  types { application/json json; image/svg+xml svg; }
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    # The static module answers POST with 405; turning that into the file is the usual way to
    # serve a canned answer to a POST.
    error_page 405 =200 $uri;
  }
}
`;
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

export async function startStaticNginx(
  binary: string,
  root: string,
  dir: string,
  port: number,
): Promise<StaticNginx> {
  mkdirSync(dir, { recursive: true });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, configuration(dir, root, port));
  const version = spawnSync(binary, ['-v'], { encoding: 'utf8' })
    .stderr.trim()
    .replace(/^nginx version: /, '');
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let failed: string | null = null;
  child.once('exit', (code) => {
    let log = '';
    try {
      log = readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      // no log written
    }
    failed = `nginx exited with ${code}: ${log}`;
  });
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (failed) throw new Error(failed);
    if (Date.now() > deadline) throw new Error('nginx did not start listening within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The worker is the child of the master; its pid is what CPU and memory figures are read from.
  return {
    url: `http://127.0.0.1:${port}`,
    version,
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
