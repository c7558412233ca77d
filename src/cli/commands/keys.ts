/**
 * `afscore keys issue|list|revoke`: the operator's key management, on the server's state folder.
 * `issue` prints the new key alone on stdout (it is shown this once); nothing else ever prints a key.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isLogin } from '../../core/ids.ts';
import { issueKey, keyId } from '../../server/keys/api-keys.ts';
import { PgStore } from '../../server/store/pg-store.ts';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import { type CliIo, EXIT } from '../io.ts';

export const keysUsage = `Usage: afscore keys issue <github-login> [--avatar URL] [--state DIR]
       afscore keys list [--state DIR]
       afscore keys revoke <key-or-id> [--state DIR]

Manages API keys in the server's state folder (default: $AFSCORE_STATE_DIR or .state), or in
PostgreSQL when $AFSCORE_DATABASE_URL is set, as the servers of a scaled-out deployment use.
issue prints the new key alone on stdout: it is shown once and only its hash is kept.`;

export async function runKeys(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { state: { type: 'string' }, avatar: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [action, subject] = positionals;
  if (values.help || action === undefined) {
    io.out(keysUsage);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  const stateDir = resolve(io.cwd, values.state ?? process.env.AFSCORE_STATE_DIR ?? '.state');
  const databaseUrl = values.state === undefined ? process.env.AFSCORE_DATABASE_URL : undefined;
  const store = databaseUrl
    ? await PgStore.open(databaseUrl, { log: (line) => io.err(line), maxConnections: 1 })
    : await SqliteStore.open(stateDir);
  const now = new Date(io.now()).toISOString();
  try {
    switch (action) {
      case 'issue': {
        if (subject === undefined || !isLogin(subject)) {
          io.err(
            `afscore keys issue: give the contributor's GitHub login${subject ? ` ("${subject}" is not one)` : ''}`,
          );
          return EXIT.usage;
        }
        const { key } = await issueKey(store, subject, values.avatar ?? null, now);
        io.out(key);
        // stdout stays the key alone (for scripts); where it was stored goes to stderr, because a
        // server reading another state folder answers this key with 401.
        io.err(
          `Issued a key for ${subject}, stored in ${databaseUrl ? 'the PostgreSQL database of AFSCORE_DATABASE_URL' : stateDir}; it is shown only this once.`,
        );
        return EXIT.ok;
      }
      case 'list': {
        const keys = await store.listKeys();
        io.out(
          keys.length === 0
            ? 'no keys'
            : 'id            login                     created                   state',
        );
        for (const record of keys) {
          io.out(
            `${record.id}  ${record.login.padEnd(24)}  ${record.created_at}  ${record.revoked_at ? `revoked ${record.revoked_at}` : 'active'}`,
          );
        }
        return EXIT.ok;
      }
      case 'revoke': {
        const id =
          subject === undefined
            ? null
            : (keyId(subject) ?? (/^[0-9a-f]{12}$/.test(subject) ? subject : null));
        if (id === null) {
          io.err('afscore keys revoke: give the key (afk_…) or its 12-character id from afscore keys list');
          return EXIT.usage;
        }
        const revoked = await store.revokeKey(id, now);
        if (!revoked) {
          io.err(`afscore keys revoke: no active key with id ${id}`);
          return EXIT.invalid;
        }
        io.out(`revoked key ${id}`);
        return EXIT.ok;
      }
      default:
        io.err(`afscore keys: unknown action "${action}"\n\n${keysUsage}`);
        return EXIT.usage;
    }
  } finally {
    await store.close();
  }
}
