/**
 * URL patterns in linear time. A pattern that starts at `https://` and then takes a run of URL
 * characters tries again from every `https://` of a run of addresses joined with no separator
 * (`https://x.io/https://x.io/…`, Markdown links side by side), and scans the rest of the run from
 * each: time that grows with the square of the run, which a server can make as long as it likes.
 *
 * Each pattern scanned here has this property: once its start has got past the host (`viable`), it
 * can take every character of the run that a later start could use, up to the first `breaks`
 * character. So a later start in the same run that matches implies a match from the earlier start
 * (proof beside each pattern). When a viable start fails, no later start before the next break can
 * match, and the scan goes straight to the break. The matches are exactly the pattern's own, in the
 * same order; `run-scan.test.ts` checks that against the plain regular expression on random text.
 */

export interface RunScanned {
  /** The plain pattern, as the rules wrote it (for tests and for reading). */
  pattern: RegExp;
  test(text: string): boolean;
  exec(text: string): RegExpExecArray | null;
  matchAll(text: string): RegExpExecArray[];
}

export interface RunScanOptions {
  /** Where a match can begin: the pattern's own opening (`\bhttps?:\/\/`). */
  start: RegExp;
  /** A start that has got past the host: from here on it reaches every later start's characters. */
  viable: RegExp;
  /** The characters no match can run across before its query (whitespace, quotes, brackets …). */
  breaks: RegExp;
}

function withFlags(pattern: RegExp, flags: string): RegExp {
  const kept = [...pattern.flags].filter((flag) => 'imsu'.includes(flag)).join('');
  return new RegExp(pattern.source, kept + flags);
}

interface Compiled {
  whole: RegExp;
  start: RegExp;
  viable: RegExp;
  breaks: RegExp;
}

/**
 * Matches in order. The compiled expressions are shared between calls: every use sets `lastIndex`
 * first, and a scan runs to its end or is dropped before the next one starts.
 */
function* scan({ whole, start, viable, breaks }: Compiled, text: string): Generator<RegExpExecArray> {
  let from = 0;
  while (from <= text.length) {
    start.lastIndex = from;
    const candidate = start.exec(text);
    if (!candidate) return;
    const at = candidate.index;
    whole.lastIndex = at;
    const match = whole.exec(text);
    if (match) {
      yield match;
      from = match[0].length > 0 ? at + match[0].length : at + 1;
      continue;
    }
    viable.lastIndex = at;
    if (!viable.test(text)) {
      from = at + 1;
      continue;
    }
    breaks.lastIndex = at;
    const stop = breaks.exec(text);
    if (!stop) return;
    from = stop.index;
  }
}

export function runScanned(pattern: RegExp, options: RunScanOptions): RunScanned {
  const compiled = {
    whole: withFlags(pattern, 'y'),
    start: withFlags(options.start, 'g'),
    viable: withFlags(options.viable, 'y'),
    breaks: withFlags(options.breaks, 'g'),
  };
  return {
    pattern,
    test: (text) => !scan(compiled, text).next().done,
    exec: (text) => scan(compiled, text).next().value ?? null,
    matchAll: (text) => [...scan(compiled, text)],
  };
}
