import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * A response body as an HTTP client reads it. The server compresses any body over 1 KiB, problem
 * bodies included, when the request accepts br or gzip; HEAD answers and 304s name their encoding
 * but carry no body.
 */
export function decodedBody(raw: Buffer, encoding: string | string[] | undefined): string {
  if (raw.length === 0) return '';
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  return raw.toString();
}
