/**
 * DNS-rebinding protection by `Host`, besides the `Origin` check: a server listening only on the
 * loopback interface (the default `npm start`) answers `/mcp` only to requests addressed to a
 * loopback name or to its public URL's host. A web page that rebinds its own name to 127.0.0.1
 * reaches the port, but its requests still carry its name. A server listening on other interfaces
 * is reached under names only its operator knows, so there the Origin check alone applies.
 */
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function hostname(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d*$/, '');
}

function isLoopbackBinding(listenHost: string): boolean {
  const host = listenHost.toLowerCase();
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** The host names `/mcp` answers to, or null when any is accepted. */
export function allowedHosts(listenHost: string, publicUrl: string): ReadonlySet<string> | null {
  if (!isLoopbackBinding(listenHost)) return null;
  const hosts = new Set(LOOPBACK_NAMES);
  if (isIP(listenHost) === 4) hosts.add(listenHost);
  if (URL.canParse(publicUrl)) hosts.add(new URL(publicUrl).hostname.toLowerCase());
  return hosts;
}

export function hostAllowed(hostHeader: string | undefined, allowed: ReadonlySet<string> | null): boolean {
  if (allowed === null) return true;
  return hostHeader !== undefined && allowed.has(hostname(hostHeader));
}
