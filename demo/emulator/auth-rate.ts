/** Publishable keys, their workspaces (plan, rate bucket, faults, request log) and the token bucket. */
import type { SeedReview } from './data/seed.ts';
import { FaultState, type Faults } from './faults.ts';

export type Plan = 'reviews' | 'noreviews';

export const DEMO_KEY = 'svc_pk_demo';
export const DEMO_KEY_NOREVIEWS = 'svc_pk_demo_noreviews';
export const TEST_KEY_PATTERN = /^svc_pk_test_[A-Za-z0-9_-]{1,100}$/;

/** Contract section 1: burst 40, 20 requests per second. */
export const RATE_CAPACITY = 40;
export const RATE_REFILL_PER_SECOND = 20;

export interface RateOptions {
  capacity?: number;
  refillPerSecond?: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until a request would be allowed; 0 when allowed. */
  resetSeconds: number;
}

export class TokenBucket {
  private tokens: number;
  private updated: number;

  constructor(
    readonly capacity = RATE_CAPACITY,
    readonly refillPerSecond = RATE_REFILL_PER_SECOND,
  ) {
    this.tokens = capacity;
    this.updated = performance.now();
  }

  take(now = performance.now()): RateDecision {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updated) / 1000) * this.refillPerSecond);
    this.updated = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { allowed: true, limit: this.capacity, remaining: Math.floor(this.tokens), resetSeconds: 0 };
    }
    const wait = (1 - this.tokens) / this.refillPerSecond;
    return { allowed: false, limit: this.capacity, remaining: 0, resetSeconds: Math.max(1, Math.ceil(wait)) };
  }
}

export interface LogEntry {
  method: string;
  path: string;
  /** Query parameters; a repeated parameter gives an array of its values. */
  query: Record<string, string | string[]>;
  /** 0 when the connection was dropped without an answer. */
  status: number;
  /** Epoch milliseconds. */
  at: number;
}

const LOG_LIMIT = 2000;
const SECONDS_KEPT = 900;

export function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

export class Workspace {
  bucket: TokenBucket;
  faults: FaultState;
  /** Whether `/v1/products/ratings` exists for this key; switched off, it answers 404 as on an older API. */
  ratings = true;
  readonly log: LogEntry[] = [];
  /** Reviews added through the control API, newest first, by product id (`company`). */
  readonly added = new Map<string, SeedReview[]>();
  /** Where the key's webhooks go, signed with `secret` (`POST /__emulator/webhooks`). */
  webhook: { url: string; secret: string } | undefined;

  constructor(
    readonly key: string,
    readonly plan: Plan,
    faults: Faults = {},
    rate: RateOptions = {},
  ) {
    this.bucket = new TokenBucket(rate.capacity, rate.refillPerSecond);
    this.faults = new FaultState(key, faults);
  }

  /** Replaces the faults; their counters (and `afterRequests`) start afresh. */
  setFaults(faults: Faults): void {
    this.faults = new FaultState(this.key, faults);
  }

  record(entry: LogEntry): void {
    this.log.push(entry);
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
    this.second(entry.at).requests++;
  }

  /** Requests and 429 answers per wall-clock second (the last 15 minutes), which the log cannot hold at load. */
  readonly seconds = new Map<number, { requests: number; rateLimited: number }>();

  /** Counts a 429 answer of the key. */
  rateLimited(at: number): void {
    this.second(at).rateLimited++;
  }

  private second(at: number): { requests: number; rateLimited: number } {
    const second = Math.floor(at / 1000);
    let counts = this.seconds.get(second);
    if (counts === undefined) {
      counts = { requests: 0, rateLimited: 0 };
      this.seconds.set(second, counts);
      for (const old of this.seconds.keys()) if (old < second - SECONDS_KEPT) this.seconds.delete(old);
    }
    return counts;
  }
}

export class Workspaces {
  private readonly byKey = new Map<string, Workspace>();

  constructor() {
    this.byKey.set(DEMO_KEY, new Workspace(DEMO_KEY, 'reviews'));
    this.byKey.set(DEMO_KEY_NOREVIEWS, new Workspace(DEMO_KEY_NOREVIEWS, 'noreviews'));
  }

  get(key: string): Workspace | undefined {
    return this.byKey.get(key);
  }

  /** Registers (or replaces) a test key. */
  register(key: string, plan: Plan, faults: Faults, rate: RateOptions): Workspace {
    const workspace = new Workspace(key, plan, faults, rate);
    this.byKey.set(key, workspace);
    return workspace;
  }

  all(): Workspace[] {
    return [...this.byKey.values()];
  }
}

export type AuthResult = { ok: true; workspace: Workspace } | { ok: false; message: string };

/** Contract section 1: `Authorization: Bearer svc_pk_...`; secret keys are refused. */
export function authenticate(header: string | undefined, workspaces: Workspaces): AuthResult {
  if (!header) return { ok: false, message: 'missing Authorization header; send Authorization: Bearer <publishable key>' };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { ok: false, message: 'Authorization header must be "Bearer <publishable key>"' };
  const key = match[1]!;
  if (key.startsWith('svc_sk_')) return { ok: false, message: 'secret keys (svc_sk_) are not accepted; use a publishable key (svc_pk_)' };
  if (!key.startsWith('svc_pk_')) return { ok: false, message: 'not a publishable key (svc_pk_)' };
  const workspace = workspaces.get(key);
  if (!workspace) return { ok: false, message: 'unknown publishable key' };
  return { ok: true, workspace };
}
