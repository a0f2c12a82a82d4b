/**
 * Query parameter validation that collects every problem of a request, so that the 400
 * message names each bad parameter and its rule: `limit: less than or equal to 50, market: required`.
 */
export class Params {
  private readonly errors = new Map<string, string>();

  constructor(private readonly search: URLSearchParams) {}

  fail(name: string, rule: string): void {
    if (!this.errors.has(name)) this.errors.set(name, rule);
  }

  get ok(): boolean {
    return this.errors.size === 0;
  }

  /** `name: rule` pairs, sorted by parameter name, comma-separated. */
  message(): string {
    return [...this.errors.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, rule]) => `${name}: ${rule}`)
      .join(', ');
  }

  /** A single-valued string parameter. */
  string(name: string, required = false): string | undefined {
    const values = this.search.getAll(name);
    if (values.length === 0) {
      if (required) this.fail(name, 'required');
      return undefined;
    }
    if (values.length > 1) {
      this.fail(name, 'must not be repeated');
      return undefined;
    }
    const value = values[0]!.trim();
    if (value === '') {
      this.fail(name, required ? 'required' : 'must not be empty');
      return undefined;
    }
    return value;
  }

  int(name: string, min: number, max: number, fallback?: number): number | undefined {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    if (!/^[+-]?\d+$/.test(raw)) {
      this.fail(name, 'must be an integer');
      return undefined;
    }
    const value = Number(raw);
    if (value < min) this.fail(name, `greater than or equal to ${min}`);
    else if (value > max) this.fail(name, `less than or equal to ${max}`);
    else return value;
    return undefined;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback?: T): T | undefined {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      this.fail(name, `must be one of ${allowed.join(', ')}`);
      return undefined;
    }
    return raw as T;
  }

  /** A parameter that may repeat and may hold comma-separated values; empty items are ignored. */
  list(name: string): string[] {
    return this.search
      .getAll(name)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
  }

  has(name: string): boolean {
    return this.search.has(name);
  }
}
