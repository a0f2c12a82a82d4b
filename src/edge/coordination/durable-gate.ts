import type { StoredRead } from '../stores.js';
import { gcraPause, gcraTake, type GcraState } from './gcra.js';

/**
 * The Durable Object that every isolate of a shop (one object per key: its name is the
 * shop's namespace, a hash of key and API) asks for the budget, the answers kept and the
 * merge of equal misses. A Durable Object runs one instance at a time and all its calls
 * share one context, so its queue, its timers and its waiters are plain memory here:
 * - the budget: one GCRA bucket (./gcra.ts) with a queue, the highest priority first
 *   across all isolates (shoppers' waits before refreshes);
 * - the answers: memory in front of the object's storage (SQLite), kept for their fresh
 *   and stale life;
 * - the merge: the first isolate to miss a key leads its fetch, the others wait here
 *   for its answer, as long as the leader renews its lead (a dead one costs no more
 *   than `LEAD_MS`);
 * - webhook ids: claimed once.
 * No `cloudflare:workers` import (the class is plain), so the package's edge entry still
 * loads in Node; the isolates talk to it with `stub.fetch` and JSON (./durable-object.ts).
 */

/** The parts of Workers' `DurableObjectState` the gate uses. */
export interface GateState {
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
    delete(key: string | string[]): Promise<boolean | number>;
    list<T>(options: { prefix: string; limit: number; start?: string }): Promise<Map<string, T>>;
    getAlarm(): Promise<number | null>;
    setAlarm(at: number): Promise<void>;
  };
}

/** Longest one `acquire` waits here before answering "ask again" (the isolate's call has a deadline a bit past it). */
export const ACQUIRE_WAIT_MS = 2000;
/** Longest a waiter of a merged read waits here for the leader before asking again. */
export const JOIN_WAIT_MS = 3000;
/**
 * A lead lives this long after its leader last renewed it (every third of it, while its
 * read waits for a permit or runs): what a leader that died (its isolate evicted, its
 * request cancelled) costs the others. The wait may be the whole queue at a cold start (a
 * few hundred distinct reads at 18 a second): a lead that ended after 10 s whatever its
 * leader did let a second isolate fetch the same read.
 */
export const LEAD_MS = 10_000;
/** Longest life of any lead (a leader's request that ended in a live isolate): the read cache takes a flight older than a minute for lost. */
const MAX_LEAD_MS = 55_000;
/** Answers kept in the object's memory in front of its storage. */
const MEMORY_ENTRIES = 2_000;
/** Bodies larger than this stay in the isolates' caches only (a storage value's limit is larger, but large reads are rare). */
const STORED_BODY_CHARS = 100_000;
/** Isolates counted alive while seen within this long: the fallback share of the rate. */
const ISOLATE_WINDOW_MS = 10_000;
/** How often the object's storage is swept of answers and claims past their life (they are only read lazily otherwise). */
const SWEEP_MS = 5 * 60_000;
/** Records looked at per sweep's batch. */
const SWEEP_BATCH = 500;
/** Most permits queued here; past it the lowest priority is refused (the isolate answers 503, Retry-After). */
const MAX_QUEUE = 2_000;

interface Kept {
  read: StoredRead;
  expiresAt: number;
}

interface Waiter {
  priority: number;
  /** The read whose lead asks for this permit, if it said. */
  key?: string;
  seq: number;
  grant: (granted: boolean) => void;
}

interface Lead {
  token: string;
  renewedAt: number;
  endsBy: number;
  joined: Set<() => void>;
  /** The highest rank its waiters said their shoppers give it: its leader's permit ranks no lower. */
  wanted: number;
}

export type GateAnswer =
  | { granted: boolean; queued: number; isolates: number; full?: boolean }
  | { read?: StoredRead | undefined }
  | { lead: string }
  | { retry: true }
  | { claimed: boolean }
  | { ok: true };

/** The Durable Object that holds one shop's budget, answers and fetches in flight for all its isolates: export it from the worker and bind it in wrangler (docs/proxy/scale-out.md, "Cloudflare Workers"). */
export class StorefrontGate {
  private readonly bucket: GcraState = { tat: 0 };
  private intervalMs = 1000 / 18;
  private readonly queue: Waiter[] = [];
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly memory = new Map<string, Kept>();
  private readonly leads = new Map<string, Lead>();
  private readonly isolates = new Map<string, number>();

  constructor(private readonly state: GateState) {}

  async fetch(request: Request): Promise<Response> {
    const op = new URL(request.url).pathname.slice(1);
    let input: Record<string, unknown>;
    try {
      input = (await request.json()) as Record<string, unknown>;
    } catch {
      return new Response('a JSON body is expected', { status: 400 });
    }
    if (typeof input['isolate'] === 'string') this.isolates.set(input['isolate'], Date.now());
    const answer = await this.answer(op, input);
    return answer === undefined ? new Response(`unknown operation ${op.slice(0, 40)}`, { status: 404 }) : Response.json(answer);
  }

  private async answer(op: string, input: Record<string, unknown>): Promise<GateAnswer | undefined> {
    const key = String(input['key'] ?? '');
    switch (op) {
      case 'acquire':
        return this.acquire(Number(input['priority']) || 0, Number(input['perSecond']) || 18, typeof input['key'] === 'string' ? input['key'] : undefined);
      case 'pause':
        gcraPause(this.bucket, Date.now(), Math.min(120_000, Math.max(0, Number(input['ms']) || 0)), this.intervalMs);
        return { ok: true };
      case 'get':
        return { read: await this.get(key) };
      case 'put':
        await this.put(key, input['read'] as StoredRead, Number(input['keepMs']) || 0);
        return { ok: true };
      case 'delete':
        this.memory.delete(key);
        await this.state.storage.delete(`r:${key}`);
        return { ok: true };
      case 'begin':
        return this.begin(key, Number(input['since']) || 0, Number(input['wanted']) || 0);
      case 'want':
        this.want(key, Number(input['wanted']) || 0);
        return { ok: true };
      case 'renew':
        this.renew(key, String(input['token']));
        return { ok: true };
      case 'end':
        this.end(key, String(input['token']));
        return { ok: true };
      case 'claim':
        return this.claim(String(input['id']), Number(input['keepMs']) || 0);
      default:
        return undefined;
    }
  }

  /** A permit now, or after those of higher priority queued before; "ask again" after `ACQUIRE_WAIT_MS`. */
  private acquire(priority: number, perSecond: number, key?: string): Promise<GateAnswer> {
    // A lead's permit ranks as its waiters' shoppers say (another isolate's may wait for a read this one holds low).
    if (key !== undefined) priority = Math.max(priority, this.leads.get(key)?.wanted ?? 0);
    this.intervalMs = 1000 / Math.max(0.1, perSecond);
    const answer = (granted: boolean, full = false): GateAnswer => ({ granted, queued: this.queue.length, isolates: this.alive(), ...(full ? { full } : {}) });
    if (this.queue.length >= MAX_QUEUE) {
      const lowest = this.queue.reduce((a, b) => (b.priority < a.priority ? b : a));
      if (lowest.priority >= priority) return Promise.resolve(answer(false, true));
      this.queue.splice(this.queue.indexOf(lowest), 1);
      lowest.grant(false);
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        priority,
        ...(key !== undefined ? { key } : {}),
        seq: this.seq++,
        grant: (granted) => {
          clearTimeout(giveUp);
          resolve(answer(granted));
        },
      };
      const giveUp = setTimeout(() => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        resolve(answer(false));
      }, ACQUIRE_WAIT_MS);
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** Grants permits at the bucket's pace, the best waiter first; one timer for the next. */
  private pump(): void {
    if (this.timer !== undefined) return;
    while (this.queue.length > 0) {
      const wait = gcraTake(this.bucket, Date.now(), this.intervalMs);
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        return;
      }
      let best = 0;
      for (let i = 1; i < this.queue.length; i++) {
        const a = this.queue[i]!;
        const b = this.queue[best]!;
        if (a.priority > b.priority || (a.priority === b.priority && a.seq < b.seq)) best = i;
      }
      this.queue.splice(best, 1)[0]!.grant(true);
    }
  }

  private alive(): number {
    const since = Date.now() - ISOLATE_WINDOW_MS;
    for (const [id, at] of this.isolates) if (at < since) this.isolates.delete(id);
    return Math.max(1, this.isolates.size);
  }

  private async get(key: string): Promise<StoredRead | undefined> {
    let kept = this.memory.get(key);
    if (!kept) {
      kept = await this.state.storage.get<Kept>(`r:${key}`);
      if (kept) this.remember(key, kept);
    }
    if (!kept) return undefined;
    if (kept.expiresAt > Date.now()) return kept.read;
    this.memory.delete(key);
    await this.state.storage.delete(`r:${key}`);
    return undefined;
  }

  private async put(key: string, read: StoredRead, keepMs: number): Promise<void> {
    if (typeof read?.body !== 'string' || !Number.isFinite(read.storedAt)) return;
    const kept: Kept = { read, expiresAt: Date.now() + Math.max(1, keepMs) };
    this.remember(key, kept);
    if (read.body.length <= STORED_BODY_CHARS) {
      await this.state.storage.put(`r:${key}`, kept);
      await this.sweepLater();
    }
    // Those waiting for this key's fetch have their answer.
    for (const wake of this.leads.get(key)?.joined ?? []) wake();
  }

  private remember(key: string, kept: Kept): void {
    this.memory.delete(key);
    this.memory.set(key, kept);
    if (this.memory.size > MEMORY_ENTRIES) this.memory.delete(this.memory.keys().next().value!);
  }

  /** Whether `lead`'s leader may still bring its answer: it renewed the lead lately, and the lead is not past its longest life. */
  private leading(lead: Lead): boolean {
    const now = Date.now();
    return now < lead.endsBy && now - lead.renewedAt < LEAD_MS;
  }

  private renew(key: string, token: string): void {
    const lead = this.leads.get(key);
    if (lead?.token === token) lead.renewedAt = Date.now();
  }

  /** An answer kept after `since`; else the lead of the key's fetch; else a wait for the leader's answer. */
  private async begin(key: string, since: number, wanted: number): Promise<GateAnswer> {
    const kept = await this.get(key);
    if (kept && kept.storedAt > since) return { read: kept };
    const lead = this.leads.get(key);
    if (!lead || !this.leading(lead)) {
      const token = crypto.randomUUID();
      this.leads.set(key, { token, renewedAt: Date.now(), endsBy: Date.now() + MAX_LEAD_MS, joined: lead?.joined ?? new Set(), wanted: lead?.wanted ?? 0 });
      return { lead: token };
    }
    this.want(key, wanted);
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        lead.joined.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(JOIN_WAIT_MS, Math.max(1, Math.min(lead.endsBy, lead.renewedAt + LEAD_MS) - Date.now())));
      lead.joined.add(done);
    });
    const after = await this.get(key);
    return after && after.storedAt > since ? { read: after } : { retry: true };
  }

  /** Shoppers of a waiting isolate give the lead of `key` this rank: its leader's permit, queued or asked for, ranks no lower. */
  private want(key: string, wanted: number): void {
    const lead = this.leads.get(key);
    if (!lead || wanted <= lead.wanted) return;
    lead.wanted = wanted;
    for (const waiter of this.queue) if (waiter.key === key) waiter.priority = Math.max(waiter.priority, wanted);
  }

  private end(key: string, token: string): void {
    const lead = this.leads.get(key);
    if (lead?.token !== token) return;
    this.leads.delete(key);
    // Let go without an answer (the API failed, or the read is not kept): the waiters ask again, one leads.
    for (const wake of lead.joined) wake();
  }

  private async claim(id: string, keepMs: number): Promise<GateAnswer> {
    const until = await this.state.storage.get<number>(`c:${id}`);
    if (until !== undefined && until > Date.now()) return { claimed: false };
    await this.state.storage.put(`c:${id}`, Date.now() + Math.max(1, keepMs));
    await this.sweepLater();
    return { claimed: true };
  }

  private async sweepLater(): Promise<void> {
    if ((await this.state.storage.getAlarm()) === null) await this.state.storage.setAlarm(Date.now() + SWEEP_MS);
  }

  /** Workers calls it at the alarm: drops what has outlived its life, then sweeps again later while anything is kept. */
  async alarm(): Promise<void> {
    const now = Date.now();
    let kept = 0;
    for (const prefix of ['r:', 'c:']) {
      let start: string | undefined;
      for (;;) {
        const batch = await this.state.storage.list<Kept | number>({ prefix, limit: SWEEP_BATCH, ...(start !== undefined ? { start } : {}) });
        const expired = [...batch].filter(([, value]) => (typeof value === 'number' ? value : value.expiresAt) <= now).map(([key]) => key);
        // Workers deletes at most 128 keys a call.
        for (let at = 0; at < expired.length; at += 128) await this.state.storage.delete(expired.slice(at, at + 128));
        kept += batch.size - expired.length;
        if (batch.size < SWEEP_BATCH) break;
        // `start` is inclusive: the last key again, kept or deleted, costs nothing.
        start = [...batch.keys()].at(-1)!;
      }
    }
    if (kept > 0) await this.state.storage.setAlarm(now + SWEEP_MS);
  }
}
