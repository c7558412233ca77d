/**
 * Reading query parameters strictly: each parameter at most once, no unknown names, and every
 * problem reported with the parameter it concerns, so a client can fix its call from the answer.
 */

export interface ParameterIssue {
  parameter: string;
  message: string;
  hint?: string;
}

/** Query parameters as the adapter received them: name → every value given. */
export type QueryParams = ReadonlyMap<string, readonly string[]>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: ParameterIssue[] };

export function queryParams(search: URLSearchParams): QueryParams {
  const params = new Map<string, string[]>();
  for (const [name, value] of search) {
    const values = params.get(name);
    if (values) values.push(value);
    else params.set(name, [value]);
  }
  return params;
}

/** Collects problems while a parser reads parameters one by one. */
export class ParameterReader {
  readonly issues: ParameterIssue[] = [];
  private readonly params: QueryParams;

  constructor(params: QueryParams, allowed: readonly string[]) {
    this.params = params;
    for (const name of params.keys()) {
      if (!allowed.includes(name)) {
        this.issues.push({
          parameter: name,
          message: 'is not a parameter of this endpoint',
          hint: allowed.length > 0 ? `use ${allowed.join(', ')}` : 'this endpoint takes no parameters',
        });
      }
    }
  }

  /** The single value of `name`, or undefined when absent. */
  text(name: string): string | undefined {
    const values = this.params.get(name);
    if (values === undefined) return undefined;
    if (values.length > 1) {
      this.issues.push({ parameter: name, message: `is given ${values.length} times`, hint: 'give it once' });
      return undefined;
    }
    return values[0];
  }

  integer(name: string, range: { min: number; max: number; fallback: number }): number {
    const raw = this.text(name);
    if (raw === undefined) return range.fallback;
    const value = /^[0-9]{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isInteger(value) || value < range.min || value > range.max) {
      this.issues.push({
        parameter: name,
        message: `must be a whole number from ${range.min} to ${range.max}, not ${JSON.stringify(raw)}`,
        hint: `for example ${name}=${range.fallback}`,
      });
      return range.fallback;
    }
    return value;
  }

  score(name: string): number | null {
    const raw = this.text(name);
    if (raw === undefined) return null;
    const value = /^[0-9]{1,3}(\.[0-9]{1,6})?$/.test(raw) ? Number(raw) : Number.NaN;
    if (Number.isNaN(value) || value > 100) {
      this.issues.push({
        parameter: name,
        message: `must be a number from 0 to 100, not ${JSON.stringify(raw)}`,
        hint: `for example ${name}=70`,
      });
      return null;
    }
    return value;
  }

  choice<T extends string>(name: string, choices: readonly T[]): T | null {
    const raw = this.text(name);
    if (raw === undefined) return null;
    if (!(choices as readonly string[]).includes(raw)) {
      this.issues.push({
        parameter: name,
        message: `cannot be ${JSON.stringify(raw)}`,
        hint: `use one of ${choices.join(', ')}`,
      });
      return null;
    }
    return raw as T;
  }

  result<T>(value: T): ParseResult<T> {
    return this.issues.length > 0 ? { ok: false, issues: this.issues } : { ok: true, value };
  }
}
