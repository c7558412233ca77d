/**
 * The baseline for `npm run bench`: a plain static file server (sirv, production mode) over a folder,
 * one process, like the front server it is compared with.
 * Usage: node scripts/bench/serve-static.ts DIR PORT
 */
import { createServer } from 'node:http';
import sirv from 'sirv';

const [dir, port] = process.argv.slice(2);
if (!dir || !port) {
  process.stderr.write('usage: serve-static.ts DIR PORT\n');
  process.exit(2);
}
const serve = sirv(dir, { dev: false, etag: true, gzip: false, brotli: false });
createServer((req, res) =>
  serve(req, res, () => {
    res.statusCode = 404;
    res.end();
  }),
).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
