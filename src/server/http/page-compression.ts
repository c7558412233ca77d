/**
 * Compression of what the Astro handler writes (pages, and their CSS, scripts and SVG), which
 * streams its own responses rather than going through `send`: the `compression` middleware
 * negotiates brotli or gzip, skips small and already-encoded bodies and sets `Vary`. The API's
 * replies are compressed once per data version in compression.ts instead.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';

const middleware = compression({
  // The same floor as the API's: below it, compressing costs more than it saves.
  threshold: 1024,
  // Pages are rendered per request, so a quick level: most of the saving at a fraction of the time.
  level: 6,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
});

export function compressPages(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  middleware(req as never, res as never, next);
}
