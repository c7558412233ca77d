/**
 * The baseline of `npm run bench`: Debian's nginx serving a folder of files, one worker process
 * (the front server is one Node process), access log off, open file cache and sendfile on: a
 * static server tuned as it would be in production. POSTs to a file answer the file (the MCP
 * scenario posts), through nginx's usual `error_page 405 =200` turn.
 *
 * nginx is not needed by `npm test` for this; when it is missing the benchmark stops with the
 * command that installs it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { findProgram } from '../../test/setup/system-requirements.ts';
import { nginxPreamble, runNginx } from '../../test/support/nginx.ts';

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
  return `${nginxPreamble(dir)}
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

export async function startStaticNginx(
  binary: string,
  root: string,
  dir: string,
  port: number,
): Promise<StaticNginx> {
  mkdirSync(dir, { recursive: true });
  const version = spawnSync(binary, ['-v'], { encoding: 'utf8' })
    .stderr.trim()
    .replace(/^nginx version: /, '');
  // The worker is the child of the master; its pid is what CPU and memory figures are read from.
  const running = await runNginx(binary, dir, configuration(dir, root, port), port);
  return { ...running, version };
}
