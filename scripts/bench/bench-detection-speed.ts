/**
 * `npm run bench:detection-speed`: how long the detection rules take on one long tool result, by
 * the shape of its text, as a ratio to ordinary prose of the same length measured in the same run.
 *
 *   node scripts/bench/bench-detection-speed.ts [--sizes 20000,80000,320000] [--json FILE]
 *
 * A server chooses what its tools return, and honest ones return hex dumps, base64 images and long
 * identifiers. A rule whose pattern may start inside a run of the characters it matches rescans the
 * run from every position, so the time grows with the square of the run: 160,000 hex digits took
 * over two minutes before such patterns were made to start only where a run starts, and 16,000
 * spaces half a minute before a label's indentation was taken whole; finding the sentence around
 * each of many triggers read the whole text before it. Prose is the
 * baseline; every other shape should cost about what prose of its length costs, at every size.
 * Exits 1 when a shape at the largest size costs more than 10 times the prose.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { detect } from '../../src/core/checks/detection/detect.ts';
import { returned, tool } from '../../test/support/snapshots.ts';

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
};

const tools = [
  tool('read_blob', { description: 'Returns a stored blob.' }),
  tool('delete_blob', { description: 'Deletes a stored blob.' }),
];

function timeDetect(text: string): number {
  const snapshot = returned(tools, text);
  const started = performance.now();
  detect(snapshot);
  return performance.now() - started;
}

interface Row {
  shape: string;
  size: number;
  ms: number;
  ratio_to_prose: number;
}

// One warm-up so the first shape does not pay for compiling the rules.
timeDetect(SHAPES.prose!(1000));
const rows: Row[] = [];
for (const size of sizes) {
  const prose = timeDetect(SHAPES.prose!(size));
  for (const [shape, make] of Object.entries(SHAPES)) {
    const ms = shape === 'prose' ? prose : timeDetect(make(size));
    rows.push({ shape, size, ms: Math.round(ms), ratio_to_prose: Math.round((100 * ms) / prose) / 100 });
    process.stderr.write('.');
  }
}
process.stderr.write('\n');

console.log('Detection time for one tool result, by shape and length (ratio to prose of the same length)');
for (const size of sizes) {
  console.log(`  ${size.toLocaleString('en')} characters`);
  for (const row of rows.filter((one) => one.size === size))
    console.log(
      `    ${row.shape.padEnd(20)} ${String(row.ms).padStart(7)} ms  ${row.ratio_to_prose.toFixed(2)}×`,
    );
}
if (values.json)
  writeFileSync(values.json, `${JSON.stringify({ limit_ratio: LIMIT_RATIO, rows }, null, 2)}\n`);

const largest = Math.max(...sizes);
const slow = rows.filter((row) => row.size === largest && row.ratio_to_prose > LIMIT_RATIO);
if (slow.length > 0) {
  console.log(
    `Over ${LIMIT_RATIO}× prose at ${largest} characters: ${slow.map((row) => row.shape).join(', ')}`,
  );
  process.exit(1);
}
