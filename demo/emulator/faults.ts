/**
 * Fault injection per key (off by default). Counters ("the next N requests") count
 * /v1 requests of the key that match `pathIncludes` and come after the first
 * `afterRequests` requests since the faults were set.
 */
import { createRng, type Rng } from './data/prng.ts';

export interface Faults {
  /** Milliseconds added before every /v1 answer (or drop). */
  latencyMs?: number;
  /** Milliseconds every /v1 answer is held once made, before it is sent: it predates what changes meanwhile (a review added). */
  holdMs?: number;
  /** The next N requests answer 500 `internal`. */
  fail500?: number;
  /** Share (0..1) of requests that answer 500, drawn from a PRNG seeded by the key. */
  rate500?: number;
  /** The next N requests answer 429 `rate_limited` with `Retry-After: retryAfterSeconds`. */
  force429?: number;
  /** Retry-After of `force429` answers; default 1. */
  retryAfterSeconds?: number;
  /** The next N requests: the socket is destroyed without an answer. */
  drop?: number;
  /** Every request is dropped. */
  down?: boolean;
  /** The next N answers: 200 with a truncated, invalid JSON body. */
  malformed?: number;
  /** Faults only apply to request paths containing this string. */
  pathIncludes?: string;
  /** Faults start only after this many /v1 requests of the key. */
  afterRequests?: number;
  /** Attack strings in every text and URL field of successful answers (see `hostile.ts`). */
  hostile?: boolean;
  /**
   * Answers that no other fault takes become 200 with this JSON instead: `body` on
   * every path, or `byPath[s]` for the first `s` the request path contains (paths that
   * match none answer as usual). `count`: that many answers, then as usual (default: all).
   */
  replaceBody?: ReplaceBody;
}

export interface ReplaceBody {
  body?: unknown;
  byPath?: Record<string, unknown>;
  count?: number;
}

function parseReplaceBody(value: unknown): ReplaceBody | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'faults.replaceBody: must be an object';
  const input = value as Record<string, unknown>;
  const unknown = Object.keys(input).filter((name) => name !== 'body' && name !== 'byPath' && name !== 'count');
  if (unknown.length > 0) return `faults.replaceBody.${unknown[0]}: unknown field`;
  if (!('body' in input) && !('byPath' in input)) return 'faults.replaceBody: needs body or byPath';
  const byPath = input.byPath;
  if (byPath !== undefined && (typeof byPath !== 'object' || byPath === null || Array.isArray(byPath))) return 'faults.replaceBody.byPath: must be an object';
  const count = input.count;
  if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count) || count < 0)) return 'faults.replaceBody.count: must be a non-negative integer';
  return { ...('body' in input ? { body: input.body } : {}), ...(byPath ? { byPath: byPath as Record<string, unknown> } : {}), ...(count !== undefined ? { count } : {}) };
}

const COUNTS = ['latencyMs', 'holdMs', 'fail500', 'force429', 'retryAfterSeconds', 'drop', 'malformed', 'afterRequests'] as const;
const FLAGS = ['down', 'hostile'] as const;

/** Validates a faults object from the control API; returns an error message or the faults. */
export function parseFaults(input: unknown): { faults: Faults } | { error: string } {
  if (input === undefined || input === null) return { faults: {} };
  if (typeof input !== 'object' || Array.isArray(input)) return { error: 'faults: must be an object' };
  const errors: string[] = [];
  const faults: Faults = {};
  for (const [name, value] of Object.entries(input)) {
    if ((COUNTS as readonly string[]).includes(name)) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) errors.push(`faults.${name}: must be a non-negative integer`);
      else faults[name as (typeof COUNTS)[number]] = value;
    } else if ((FLAGS as readonly string[]).includes(name)) {
      if (typeof value !== 'boolean') errors.push(`faults.${name}: must be a boolean`);
      else faults[name as (typeof FLAGS)[number]] = value;
    } else if (name === 'rate500') {
      if (typeof value !== 'number' || !(value >= 0 && value <= 1)) errors.push('faults.rate500: must be a number from 0 to 1');
      else faults.rate500 = value;
    } else if (name === 'replaceBody') {
      const replace = parseReplaceBody(value);
      if (typeof replace === 'string') errors.push(replace);
      else faults.replaceBody = replace;
    } else if (name === 'pathIncludes') {
      if (typeof value !== 'string') errors.push('faults.pathIncludes: must be a string');
      else faults.pathIncludes = value;
    } else {
      errors.push(`faults.${name}: unknown fault`);
    }
  }
  return errors.length > 0 ? { error: errors.join(', ') } : { faults };
}

export type FaultAction = 'none' | 'drop' | 'fail500' | 'force429';

export interface FaultDecision {
  action: FaultAction;
  latencyMs: number;
  holdMs: number;
  malformed: boolean;
  retryAfterSeconds: number;
  /** Attack strings in the answer (`hostile`). */
  hostile: boolean;
  /** The answer's body, when `replaceBody` takes it. */
  replace?: { body: unknown };
}

const NO_FAULT: FaultDecision = { action: 'none', latencyMs: 0, holdMs: 0, malformed: false, retryAfterSeconds: 1, hostile: false };

export class FaultState {
  /** The faults as set, with the counters as they now stand. */
  readonly current: Faults;
  private requests = 0;
  private readonly rng: Rng;

  constructor(key: string, faults: Faults) {
    this.current = { ...faults };
    this.rng = createRng(`faults:${key}`);
  }

  /** Counts one /v1 request of the key and decides what happens to it. */
  decide(path: string): FaultDecision {
    this.requests++;
    const f = this.current;
    if (f.pathIncludes !== undefined && !path.includes(f.pathIncludes)) return NO_FAULT;
    if (this.requests <= (f.afterRequests ?? 0)) return NO_FAULT;
    const decision: FaultDecision = { ...NO_FAULT, latencyMs: f.latencyMs ?? 0, holdMs: f.holdMs ?? 0, retryAfterSeconds: Math.max(1, f.retryAfterSeconds ?? 1) };
    const takeOne = (name: 'drop' | 'fail500' | 'force429' | 'malformed'): boolean => {
      if (!f[name]) return false;
      f[name]--;
      return true;
    };
    if (f.down || takeOne('drop')) decision.action = 'drop';
    else if (takeOne('fail500')) decision.action = 'fail500';
    else if (takeOne('force429')) decision.action = 'force429';
    else if (f.rate500 && this.rng.next() < f.rate500) decision.action = 'fail500';
    if (decision.action === 'none') decision.malformed = takeOne('malformed');
    if (decision.action === 'none') decision.hostile = f.hostile === true;
    if (decision.action === 'none' && f.replaceBody) decision.replace = this.replacement(f.replaceBody, path);
    return decision;
  }

  private replacement(replace: ReplaceBody, path: string): { body: unknown } | undefined {
    if (replace.count === 0) return undefined;
    const match = replace.byPath ? Object.keys(replace.byPath).find((part) => path.includes(part)) : undefined;
    if (match === undefined && !('body' in replace)) return undefined;
    if (replace.count !== undefined) replace.count--;
    return { body: match === undefined ? replace.body : replace.byPath![match] };
  }
}
