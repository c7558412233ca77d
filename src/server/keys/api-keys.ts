/**
 * API keys: `afk_<id>_<secret>`. The id is public and finds the record; the secret is 256 random
 * bits. Only the SHA-256 of the whole key is stored (a fast hash is enough for a random secret of
 * this length), and hashes are compared in constant time. A key is never logged.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyRecord, Store } from '../store/store.ts';

const KEY_PATTERN = /^afk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
const ABSENT_HASH = Buffer.alloc(32);

export interface IssuedKey {
  key: string;
  record: KeyRecord;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The id part of a key, or null when the text is not shaped like a key. */
export function keyId(text: string): string | null {
  return KEY_PATTERN.exec(text)?.[1] ?? null;
}

export async function issueKey(
  store: Store,
  login: string,
  avatarUrl: string | null,
  now: string,
): Promise<IssuedKey> {
  const id = randomBytes(6).toString('hex');
  const key = `afk_${id}_${randomBytes(32).toString('base64url')}`;
  const record: KeyRecord = {
    id,
    hash: hashKey(key),
    login,
    avatar_url: avatarUrl,
    created_at: now,
    revoked_at: null,
  };
  await store.insertKey(record);
  return { key, record };
}

/** The live key record for a presented key, or null; the comparison takes the same time either way. */
export async function authenticate(store: Store, presented: string | undefined): Promise<KeyRecord | null> {
  const id = presented === undefined ? null : keyId(presented);
  const record = id === null ? null : await store.findKey(id);
  const expected = record ? Buffer.from(record.hash, 'hex') : ABSENT_HASH;
  const actual = Buffer.from(hashKey(presented ?? ''), 'hex');
  const matches = timingSafeEqual(expected, actual);
  return record && matches && record.revoked_at === null ? record : null;
}
