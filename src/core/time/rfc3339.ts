/**
 * Strict RFC 3339 date-time parsing for the `timestamp` parameter and `--as-of`. `new Date()` is
 * never trusted with user text: it guesses time zones, rolls Feb 30 over to March and accepts prose.
 * An offset is mandatory; `T`/`Z` may be lower case; a space where `+` was (a query string decoded
 * `+` as a space) is repaired; leap second :60 is read as :59.
 */
import { fail, issue, ok, type Result } from '../validation/issue.ts';

export interface Instant {
  /** Epoch milliseconds. */
  ms: number;
  /** Normalised UTC form, as echoed back to clients. */
  iso: string;
}

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
const EXAMPLE =
  'write an RFC 3339 time with an offset, such as 2026-11-22T10:00:00Z or 2026-11-22T11:00:00%2B01:00';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not. */
function utcMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millis: number,
): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millis);
  return date.getTime();
}

/** `…T10:00:00 01:00` is what `…T10:00:00+01:00` becomes when `+` is decoded as a space. */
function repairPlus(value: string): string {
  return value.replace(/^(.*\d) (\d{2}:\d{2})$/, '$1+$2');
}

function offsetMinutes(offset: string): number | null {
  if (offset === 'Z' || offset === 'z') return 0;
  const hours = Number(offset.slice(1, 3));
  const minutes = Number(offset.slice(4, 6));
  if (hours > 23 || minutes > 59) return null;
  return (offset[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

export function parseTimestamp(raw: string): Result<Instant> {
  const match = PATTERN.exec(repairPlus(raw));
  if (!match) {
    return fail([issue('', `"${raw}" is not an RFC 3339 date-time with an offset`, EXAMPLE)]);
  }
  const [, y, mo, d, h, mi, s, fraction, offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Math.min(59, Number(s));
  const shift = offsetMinutes(offset!);
  const valid =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    Number(s) <= 60;
  if (!valid || shift === null) {
    return fail([issue('', `"${raw}" is not a real date and time`, EXAMPLE)]);
  }
  const millis = fraction ? Math.floor(Number(`0${fraction}`) * 1000) : 0;
  const ms = utcMs(year, month, day, hour, minute, second, millis) - shift * 60_000;
  return ok({ ms, iso: new Date(ms).toISOString() });
}
