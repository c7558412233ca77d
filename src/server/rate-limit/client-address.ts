/**
 * The client's address for rate limiting: the socket peer, unless that peer is a configured proxy,
 * in which case the right-most address in X-Forwarded-For that is not itself a trusted proxy.
 * Addresses left of it could have been written by the client and are never believed.
 */
import { BlockList, isIP } from 'node:net';

export function proxyList(spec: string | undefined): BlockList | null {
  if (!spec || spec.trim() === '') return null;
  const list = new BlockList();
  for (const raw of spec
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    if (raw === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address, prefix] = raw.split('/');
    const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address ?? ''))
      throw new Error(`AFSCORE_TRUST_PROXY: "${raw}" is not an IP address or CIDR range`);
    if (prefix === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(prefix), family);
  }
  return list;
}

/** IPv4-mapped IPv6 (::ffff:1.2.3.4) is the IPv4 client it maps. */
export function normaliseAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** Answers per list and address: the same few proxies ask on every request. Bounded. */
const trustedAnswers = new WeakMap<BlockList, Map<string, boolean>>();
const REMEMBERED_ADDRESSES = 4_096;

function isTrusted(list: BlockList, address: string): boolean {
  let answers = trustedAnswers.get(list);
  if (!answers) {
    answers = new Map();
    trustedAnswers.set(list, answers);
  }
  const known = answers.get(address);
  if (known !== undefined) return known;
  const family = isIP(address);
  const trusted = family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  if (answers.size >= REMEMBERED_ADDRESSES) answers.clear();
  answers.set(address, trusted);
  return trusted;
}

export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: BlockList | null,
): string {
  const socketAddress = normaliseAddress(peer ?? 'unknown');
  if (!trusted || !isTrusted(trusted, socketAddress) || forwardedFor === undefined) return socketAddress;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((hop) => normaliseAddress(hop.trim()))
    .filter((hop) => isIP(hop) !== 0);
  for (let index = hops.length - 1; index >= 0; index--) {
    if (!isTrusted(trusted, hops[index]!)) return hops[index]!;
  }
  return hops[0] ?? socketAddress;
}
