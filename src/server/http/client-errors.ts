/**
 * Requests Node refuses before any handler runs (a malformed request, headers over the size
 * limit, a client too slow to send its request) still get a problem body, like every other error,
 * and the connection is closed.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ProblemKey, problem } from './problems.ts';

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

export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
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
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
