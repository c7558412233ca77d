import { describe, expect, it } from 'vitest';
import { clientAddress, proxyList } from './client-address.ts';

describe('clientAddress', () => {
  const proxies = proxyList('10.0.0.0/8, 192.0.2.1');

  it('is the socket peer without trusted proxies', () => {
    expect(clientAddress('::ffff:203.0.113.5', '198.51.100.1', null)).toBe('203.0.113.5');
    expect(clientAddress('203.0.113.5', '198.51.100.1', proxies)).toBe('203.0.113.5');
  });

  it('is the right-most untrusted hop behind trusted proxies', () => {
    expect(clientAddress('10.1.2.3', '198.51.100.7', proxies)).toBe('198.51.100.7');
    expect(clientAddress('10.1.2.3', '6.6.6.6, 198.51.100.7, 10.9.9.9', proxies)).toBe('198.51.100.7');
    expect(clientAddress('192.0.2.1', ['1.1.1.1', '2.2.2.2'], proxies)).toBe('2.2.2.2');
  });

  it('ignores garbage in the header', () => {
    expect(clientAddress('10.1.2.3', 'not-an-ip, <script>', proxies)).toBe('10.1.2.3');
  });
});
