/** Writes a Reply to the socket: validators and 304, compression, HEAD, and the common headers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodedBody, negotiateEncoding } from './compression.ts';
import { matchesIfNoneMatch } from './conditional.ts';
import type { Reply } from './reply.ts';

export function send(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
  if (reply.etag) {
    res.setHeader('ETag', reply.etag);
    if (reply.status === 200 && matchesIfNoneMatch(req.headers['if-none-match'], reply.etag)) {
      res.removeHeader('Content-Type');
      res.writeHead(304);
      res.end();
      return;
    }
  }
  const { body, encoding } = encodedBody(reply, negotiateEncoding(req.headers['accept-encoding']));
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.writeHead(reply.status);
  res.end(req.method === 'HEAD' ? undefined : body);
}
