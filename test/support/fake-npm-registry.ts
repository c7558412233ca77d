/**
 * A local npm registry for the evaluator's `npm:` targets: fixture package folders packed with
 * `npm pack` and served as the registry serves them (the packument at /<name>, with `dist-tags`,
 * `versions` and `time`; tarballs under /<name>/-/), so tests install through the real npm, in the
 * sandbox, without the public registry.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeRegistry {
  url: string;
  /** Requests seen, as `METHOD path`. */
  requests: string[];
  /** Stalls every tarball download until `release`, as a registry that stops answering would. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

interface Packed {
  name: string;
  version: string;
  manifest: Record<string, unknown>;
  tarball: Buffer;
}

/** Packs a fixture folder (plus shared files copied in) with `npm pack`, as a publisher would. */
export function packFolder(folder: string, extraFiles: Readonly<Record<string, string>> = {}): Packed {
  const work = mkdtempSync(join(tmpdir(), 'afscore-pack-'));
  try {
    const copy = join(work, 'package');
    cpSync(folder, copy, { recursive: true });
    for (const [name, source] of Object.entries(extraFiles)) cpSync(source, join(copy, name));
    const output = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    const [info] = JSON.parse(output) as { filename: string }[];
    const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as Record<string, unknown>;
    return {
      name: String(manifest.name),
      version: String(manifest.version),
      manifest,
      tarball: readFileSync(join(work, info!.filename)),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function packument(base: string, packed: Packed): Record<string, unknown> {
  const file = `${packed.name.split('/').pop()}-${packed.version}.tgz`;
  return {
    name: packed.name,
    'dist-tags': { latest: packed.version },
    time: { created: '2026-11-01T00:00:00.000Z', [packed.version]: '2026-11-01T00:00:00.000Z' },
    versions: {
      [packed.version]: {
        ...packed.manifest,
        dist: {
          tarball: `${base}/${packed.name}/-/${file}`,
          shasum: createHash('sha1').update(packed.tarball).digest('hex'),
          integrity: `sha512-${createHash('sha512').update(packed.tarball).digest('base64')}`,
          signatures: [],
        },
      },
    },
  };
}

export async function startFakeRegistry(packages: readonly Packed[]): Promise<FakeRegistry> {
  const requests: string[] = [];
  const byName = new Map(packages.map((packed) => [packed.name, packed]));
  let base = '';
  let holding = false;
  const held: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://registry').pathname);
    requests.push(`${request.method} ${path}`);
    const tarball = /^\/(.+)\/-\/[^/]+\.tgz$/.exec(path);
    const packed = byName.get(tarball ? tarball[1]! : path.slice(1));
    if (!packed) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    if (tarball) {
      const send = () =>
        response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(packed.tarball);
      if (holding) held.push(send);
      else send();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(packument(base, packed)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/`,
    requests,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const send of held.splice(0)) send();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
