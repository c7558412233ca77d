/**
 * The floor of `npm run bench`: the least work any Node `http` server can do to give afscore's
 * answers, run as its own process on the same Node. Every answer (status, the whole head afscore
 * sent, security and rate-limit headers included, and the body) is read into memory at start; a
 * request is one Map lookup by its target, one `writeHead` of the prepared flat header list and one
 * `end` of the body. A POST is answered once its body has been read, as nginx does (which reads and
 * drops it) and as any handler must. What afscore costs above this is afscore's; what this costs
 * above nginx is Node's.
 *
 * Usage (by bench-http.ts): node scripts/bench/node-floor-server.ts MANIFEST PORT
 * MANIFEST is JSON: [{ path, status, head: [name, value, …], file }], `file` holding the body.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FloorAnswer {
  /** The request target it answers. */
  path: string;
  status: number;
  /** Flat name, value list, Content-Length included; Date, Connection and Keep-Alive are Node's. */
  head: string[];
  /** The file holding the body. */
  file: string;
}

interface Prepared {
  status: number;
  head: string[];
  body: Buffer;
}

function serve(answers: ReadonlyMap<string, Prepared>, port: number): void {
  const missing: Prepared = { status: 404, head: ['Content-Length', '0'], body: Buffer.alloc(0) };
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const prepared = answers.get(req.url!) ?? missing;
    res.writeHead(prepared.status, prepared.head);
    res.end(req.method === 'HEAD' ? undefined : prepared.body);
  };
  const server = createServer((req, res) => {
    if (req.method === 'POST') {
      req.on('end', () => answer(req, res));
      req.resume();
      return;
    }
    answer(req, res);
  });
  server.listen(port, '127.0.0.1', () => process.stdout.write(`node floor serving on ${port}\n`));
}

const [manifestFile, port] = process.argv.slice(2);
if (!manifestFile || !port) {
  process.stderr.write('usage: node scripts/bench/node-floor-server.ts MANIFEST PORT\n');
  process.exit(2);
}
const answers = new Map<string, Prepared>();
for (const entry of JSON.parse(readFileSync(manifestFile, 'utf8')) as FloorAnswer[])
  answers.set(entry.path, { status: entry.status, head: entry.head, body: readFileSync(entry.file) });
serve(answers, Number(port));
