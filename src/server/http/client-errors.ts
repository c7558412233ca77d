/**
 * Requests Node refuses before any handler runs (a malformed request, headers over the size
 * limit, a client too slow to send its request) still get a problem body, the rate-limit headers
 * and the security headers, like every other response, and the connection is closed.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type ProblemKey, problem } from './problems.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

function problemFor(code: string | undefined): { key: ProblemKey; detail: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      key: 'headersTooLarge',
      detail: 'The request headers are over 16 KiB; send fewer or shorter ones.',
    };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW')
    return { key: 'payloadTooLarge', detail: 'The chunk extensions of the body are too large.' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { key: 'requestTimeout', detail: 'The request did not arrive in time; the connection is closed.' };
  return { key: 'malformedRequest', detail: 'The request is not well-formed HTTP/1.1.' };
}

/** The read budget of the peer, shown (not spent): the headers every response carries. */
export type QuotaHeaders = (peer: string | undefined) => Promise<Record<string, string>>;

export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  quotaHeaders?: QuotaHeaders,
): void {
  // A response already under way on this socket cannot be followed by another one.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const { key, detail } = problemFor(error.code);
  const answer = problem(key, detail);
  const body = JSON.stringify(answer);
  const status = answer.status;
  const write = (headers: Record<string, string>) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const lines = Object.entries({ ...headers, ...SECURITY_HEADERS.other })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${lines}Connection: close\r\n\r\n${body}`,
    );
  };
  if (!quotaHeaders) write({});
  // Without the headers (the store is down), the problem still goes out.
  else quotaHeaders((socket as Socket).remoteAddress).then(write, () => write({}));
}
