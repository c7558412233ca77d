import type { IncomingMessage } from 'node:http';
import { problem } from '../http/problems.ts';
import { problemReply, type Reply } from '../http/reply.ts';
import { authenticate } from '../keys/api-keys.ts';
import type { KeyRecord, Store } from '../store/store.ts';

/** The key owner, or the 401 that says why there is none. */
export async function keyOwner(req: IncomingMessage, store: Store): Promise<KeyRecord | Reply> {
  const header = req.headers['x-api-key'];
  const presented = Array.isArray(header) ? header[0] : header;
  if (!presented) {
    return problemReply(
      problem('unauthorized', 'Send your API key in the X-Api-Key header; get one on /sign-in.'),
      { 'WWW-Authenticate': 'ApiKey header="X-Api-Key"' },
    );
  }
  const record = await authenticate(store, presented);
  if (!record) {
    return problemReply(
      problem('unauthorized', 'This API key is unknown or revoked; get a new one on /sign-in.'),
      { 'WWW-Authenticate': 'ApiKey header="X-Api-Key"' },
    );
  }
  return record;
}
