import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer, request } from 'node:http';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EgressProxy, startEgressProxy, upstreamProxy } from './egress-proxy.ts';

let dir: string;
let proxy: EgressProxy;
let echo: Server;
let web: HttpServer;
let echoPort: number;
let webPort: number;

/** A CONNECT through the proxy's Unix socket, as the in-sandbox bridge relays it. */
function connectThrough(target: string): Promise<{ status: number; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const asked = request({
      socketPath: proxy.socketPath,
      method: 'CONNECT',
      path: target,
      headers: { host: target },
    });
    asked.once('connect', (response, socket) => resolve({ status: response.statusCode ?? 0, socket }));
    asked.once('response', (response) =>
      resolve({ status: response.statusCode ?? 0, socket: response.socket }),
    );
    asked.once('error', reject);
    asked.end();
  });
}

function getThrough(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const asked = request(
      { socketPath: proxy.socketPath, method: 'GET', path: url, headers: { host: new URL(url).host } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    asked.once('error', reject);
    asked.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'afscore-proxy-'));
  echo = createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoPort = (echo.address() as AddressInfo).port;
  web = createHttpServer((_request, response) => response.end('registry says hi'));
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webPort = (web.address() as AddressInfo).port;
  proxy = await startEgressProxy(join(dir, 'proxy.sock'), null);
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => echo.close(resolve));
  await new Promise((resolve) => web.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the install proxy', () => {
  it('lets the sandbox user connect to its socket', () => {
    expect(statSync(proxy.socketPath).mode & 0o777).toBe(0o666);
  });

  it('tunnels to an allowed host and refuses the rest with 403, writing both down', async () => {
    proxy.allow('fetch', [`127.0.0.1:${echoPort}`]);
    const allowed = await connectThrough(`127.0.0.1:${echoPort}`);
    expect(allowed.status).toBe(200);
    const echoed = await new Promise<string>((resolve) => {
      allowed.socket.once('data', (chunk: Buffer) => resolve(chunk.toString()));
      allowed.socket.write('ping');
    });
    expect(echoed).toBe('ping');
    allowed.socket.destroy();

    proxy.allow('scripts', ['github.com']);
    const refused = await connectThrough('169.254.169.254:80');
    expect(refused.status).toBe(403);
    refused.socket.destroy();
    // A name allows 443 and 80 only; an address the name might resolve to is not the name.
    const otherPort = await connectThrough('github.com:22');
    expect(otherPort.status).toBe(403);
    otherPort.socket.destroy();

    expect(proxy.records()).toEqual([
      { host: '127.0.0.1', port: echoPort, allowed: true, step: 'fetch' },
      { host: '169.254.169.254', port: 80, allowed: false, step: 'scripts' },
      { host: 'github.com', port: 22, allowed: false, step: 'scripts' },
    ]);
  });

  it('forwards plain HTTP requests to an allowed host (a registry on http://) and refuses others', async () => {
    proxy.allow('fetch', [`127.0.0.1:${webPort}`]);
    expect(await getThrough(`http://127.0.0.1:${webPort}/left-pad`)).toEqual({
      status: 200,
      body: 'registry says hi',
    });
    expect((await getThrough('http://collector.example.net/upload')).status).toBe(403);
  });

  it('chains to the evaluator’s own HTTP proxy when one is set', () => {
    expect(upstreamProxy({ HTTPS_PROXY: 'http://user:pw@proxy.corp:3128' })?.host).toBe('proxy.corp:3128');
    expect(upstreamProxy({ https_proxy: 'socks5://proxy.corp:1080' })).toBeNull();
    expect(upstreamProxy({})).toBeNull();
  });
});
