/**
 * `npm run bench:detection-speed`: how long the detection rules take on one long text, by the shape
 * of the text and where it sits (a tool result, or a tool's description), as a ratio to ordinary
 * prose of the same length in the same place, measured in the same run.
 *
 *   node scripts/bench/bench-detection-speed.ts [--sizes 20000,80000,320000] [--json FILE]
 *
 * A server chooses what its tools return, and honest ones return hex dumps, base64 images and long
 * identifiers. A rule whose pattern may start inside a run of the characters it matches rescans the
 * run from every position, so the time grows with the square of the run: 160,000 hex digits took
 * over two minutes before such patterns were made to start only where a run starts, and 16,000
 * spaces half a minute before a label's indentation was taken whole; finding the sentence around
 * each of many triggers read the whole text before it; URL patterns tried again from every address
 * of a run of addresses joined with no separator. The probe keeps 4,000 characters of a result, but
 * a description reaches the rules whole, so both places are timed. Prose is the baseline; every
 * other shape should cost about what prose of its length costs, at every size. Exits 1 when a shape
 * at the largest size costs more than 10 times the prose in either place.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { detect } from '../../src/core/checks/detection/detect.ts';
import type { McpSnapshot } from '../../src/core/checks/snapshot.ts';
import { mcpSnapshot, returned, tool } from '../../test/support/snapshots.ts';

const LIMIT_RATIO = 10;
const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '20000,80000,320000' }, json: { type: 'string' } },
});
const sizes = (values.sizes ?? '').split(',').map(Number);
if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size < 1000)) {
  process.stderr.write(
    'bench-detection-speed: --sizes takes whole numbers of at least 1000, comma separated\n',
  );
  process.exit(2);
}

const PROSE =
  'The shipment left the depot at 09:40 and reached the customer two days later; the invoice was paid by card. ';

/** Each shape as a text of `length` characters. Random shapes come from a fixed-size pool so runs compare. */
const SHAPES: Record<string, (length: number) => string> = {
  prose: (length) => PROSE.repeat(Math.ceil(length / PROSE.length)).slice(0, length),
  hex: (length) =>
    randomBytes(Math.ceil(length / 2))
      .toString('hex')
      .slice(0, length),
  base64: (length) => randomBytes(length).toString('base64').slice(0, length),
  digits: (length) => '7'.repeat(length),
  letters: (length) => 'x'.repeat(length),
  'letters and digits': (length) => 'x1'.repeat(Math.ceil(length / 2)).slice(0, length),
  'hyphenated run': (length) => 'a-'.repeat(Math.ceil(length / 2)).slice(0, length),
  'CJK run': (length) => '中'.repeat(length),
  spaces: (length) => ' '.repeat(length),
  // Many sentences a rule looks at whole: each trigger asks for the sentence around it.
  'read triggers': (length) =>
    'Every record you read is listed. '.repeat(Math.ceil(length / 33)).slice(0, length),
  'bulk orders': (length) =>
    'INV-1 for each open invoice, account 12. '.repeat(Math.ceil(length / 41)).slice(0, length),
  'blank lines': (length) => '\n'.repeat(length),
  // Addresses and links side by side with no separator: each a pattern could start again from.
  'joined addresses': (length) => 'https://x.io/'.repeat(Math.ceil(length / 13)).slice(0, length),
  'joined links': (length) => '[a](https://x.io/)'.repeat(Math.ceil(length / 18)).slice(0, length),
  'dotted run': (length) => 'a.'.repeat(Math.ceil(length / 2)).slice(0, length),
};

const tools = [
  tool('read_blob', { description: 'Returns a stored blob.' }),
  tool('delete_blob', { description: 'Deletes a stored blob.' }),
];

/** Where the text sits: what a tool returned, or a tool's own description. */
const PLACES = {
  'tool result': (text: string) => returned(tools, text),
  'tool description': (text: string) => mcpSnapshot([tool('read_blob', { description: text }), tools[1]!]),
} satisfies Record<string, (text: string) => McpSnapshot>;
type Place = keyof typeof PLACES;

function timeDetect(place: Place, text: string): number {
  const snapshot = PLACES[place](text);
  const started = performance.now();
  detect(snapshot);
  return performance.now() - started;
}

interface Row {
  place: Place;
  shape: string;
  size: number;
  ms: number;
  ratio_to_prose: number;
}

const places = Object.keys(PLACES) as Place[];
// One warm-up so the first shape does not pay for compiling the rules.
for (const place of places) timeDetect(place, SHAPES.prose!(1000));
const rows: Row[] = [];
for (const place of places) {
  for (const size of sizes) {
    const prose = timeDetect(place, SHAPES.prose!(size));
    for (const [shape, make] of Object.entries(SHAPES)) {
      const ms = shape === 'prose' ? prose : timeDetect(place, make(size));
      rows.push({
        place,
        shape,
        size,
        ms: Math.round(ms),
        ratio_to_prose: Math.round((100 * ms) / prose) / 100,
      });
      process.stderr.write('.');
    }
  }
}
process.stderr.write('\n');

for (const place of places) {
  console.log(`Detection time for one ${place}, by shape and length (ratio to prose of the same length)`);
  for (const size of sizes) {
    console.log(`  ${size.toLocaleString('en')} characters`);
    for (const row of rows.filter((one) => one.place === place && one.size === size))
      console.log(
        `    ${row.shape.padEnd(20)} ${String(row.ms).padStart(7)} ms  ${row.ratio_to_prose.toFixed(2)}×`,
      );
  }
}
if (values.json)
  writeFileSync(values.json, `${JSON.stringify({ limit_ratio: LIMIT_RATIO, rows }, null, 2)}\n`);

const largest = Math.max(...sizes);
const slow = rows.filter((row) => row.size === largest && row.ratio_to_prose > LIMIT_RATIO);
if (slow.length > 0) {
  console.log(
    `Over ${LIMIT_RATIO}× prose at ${largest} characters: ${slow.map((row) => `${row.shape} (${row.place})`).join(', ')}`,
  );
  process.exit(1);
}
