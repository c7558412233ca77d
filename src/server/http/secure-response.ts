/**
 * The response class of the front server: whoever writes the head (our handlers, the MCP bridge,
 * Astro's pages and its static files, or Node itself for an implicit head), the security headers
 * of the response's kind are set on it at that moment, over anything a handler set. A page keeps
 * only the hashes from the policy Astro wrote (security-headers.ts).
 */
import {
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import { responseKind, securityHeaders } from './security-headers.ts';

type HeadHeaders = OutgoingHttpHeaders | OutgoingHttpHeader[];

function headerPairs(headers: HeadHeaders | undefined): [string, OutgoingHttpHeader][] {
  if (headers === undefined) return [];
  if (!Array.isArray(headers))
    return Object.entries(headers).filter(
      (entry): entry is [string, OutgoingHttpHeader] => entry[1] !== undefined,
    );
  // Node takes either [name, value] tuples or a flat name, value, name, value list.
  if (headers.length > 0 && Array.isArray(headers[0]))
    return (headers as unknown as [string, OutgoingHttpHeader][]).map(([name, value]) => [name, value]);
  const pairs: [string, OutgoingHttpHeader][] = [];
  for (let index = 0; index + 1 < headers.length; index += 2)
    pairs.push([String(headers[index]), headers[index + 1]!]);
  return pairs;
}

function single(value: OutgoingHttpHeader | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export class SecureResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  /** A 304 drops the Content-Type of the body it stands for, but keeps that body's headers. */
  private droppedContentType: string | undefined;

  override removeHeader(name: string): void {
    if (name.toLowerCase() === 'content-type') this.droppedContentType = single(this.getHeader(name));
    super.removeHeader(name);
  }

  override writeHead(
    statusCode: number,
    messageOrHeaders?: string | HeadHeaders,
    headers?: HeadHeaders,
  ): this {
    const message = typeof messageOrHeaders === 'string' ? messageOrHeaders : undefined;
    const given = typeof messageOrHeaders === 'string' ? headers : messageOrHeaders;
    if (!this.headersSent) {
      // Headers passed here win over earlier setHeader calls, as Node merges them.
      for (const [name, value] of headerPairs(given)) this.setHeader(name, value);
      this.applySecurityHeaders();
    }
    return message === undefined ? super.writeHead(statusCode) : super.writeHead(statusCode, message);
  }

  /**
   * Writes a whole head that already carries the security headers of its kind (a prepared
   * response, prepared-response.ts), without looking at it again: on a response nothing was set on
   * yet this is Node's quickest path.
   */
  writeSecuredHead(statusCode: number, head: string[]): this {
    return super.writeHead(statusCode, head);
  }

  private applySecurityHeaders(): void {
    const contentType = single(this.getHeader('content-type')) ?? this.droppedContentType;
    const kind = responseKind(contentType, this.req?.url ?? '/');
    const astroPolicy = single(this.getHeader('content-security-policy'));
    for (const [name, value] of Object.entries(securityHeaders(kind, astroPolicy)))
      this.setHeader(name, value);
  }
}
