import { BudgetFullError, createBudget, type Budget } from '../budget.js';
import type { ReadStore, StoredRead } from '../stores.js';
import { ACQUIRE_WAIT_MS, JOIN_WAIT_MS, LEAD_MS, type GateAnswer } from './durable-gate.js';
import { createLocalClaims, type Coordination, type CoordinationEvent, type Coordinator, type FailedRead, type MergeDemand } from './types.js';

/**
 * Every isolate of a shop on Cloudflare Workers through one Durable Object
 * (`StorefrontGate`, ./durable-gate.ts): the budget, the answers and the merge of equal
 * misses. Each isolate looks in its own store first (its memory, then the data centre's
 * Cache API: the `store` the shop gives), then asks the object.
 *
 * When the object does not answer (an error, or no answer by the call's deadline) twice
 * in a row, and answered no other call meanwhile, the isolate goes on alone for `retryMs`:
 * a local budget of a safe share of the rate (the rate over the isolates the object last
 * counted, at least `isolates`), its own caches, its own fetches. No call waits longer
 * than its deadline.
 */

/** The parts of a Durable Object namespace binding (`env.STOREFRONT_GATE`) used here. */
export interface GateNamespace {
  idFromName(name: string): unknown;
  get(id: never): { fetch(input: string, init?: RequestInit): Promise<Response> };
}

/** `durableObjectCoordination`'s deadlines, and the isolates to count on when the object does not answer. */
export interface DurableObjectCoordinationOptions {
  /** Deadline of a call that does not wait in the object (get, put, claim), ms. Default 1000. */
  callTimeoutMs?: number;
  /** How long an isolate goes on alone after the object failed to answer, ms. Default 5000. */
  retryMs?: number;
  /** Isolates to count on at least when sharing the rate alone (the object counts them while it answers). Default 4. */
  isolates?: number;
}

/** Longest a read waits for permits from the object, across its asks, before it is refused (503, Retry-After). */
const MAX_PERMIT_WAIT_MS = 30_000;
/** Calls to the object failed in a row before an isolate goes alone for `retryMs`. */
const FAILURES_TO_GO_ALONE = 2;
/**
 * How long a merged read waits for another isolate's fetch, across its asks, before it
 * fetches itself: the object ends a lead whose isolate stopped calling, so this only bounds
 * a live leader, whose read may wait for the whole queue at a cold start (it was 12 s, and
 * the reads that gave up fetched what the leader was about to).
 */
const MAX_JOIN_MS = 55_000;
/** How often a read waiting for another isolate's fetch looks whether more shoppers wait for it (then says so to the object). */
const WANT_AGAIN_MS = 200;

/** A call the object did not answer by its deadline (as against one it refused). */
class LateAnswer extends Error {}

/**
 * `createStorefrontProxy`'s `coordination` on Workers: `namespace` is the binding of the
 * `StorefrontGate` class (wrangler's `durable_objects.bindings`). One object per shop,
 * named by a hash of its key and API (never the key).
 */
export function durableObjectCoordination(namespace: GateNamespace, options: DurableObjectCoordinationOptions = {}): Coordination {
  if (typeof namespace?.idFromName !== 'function' || typeof namespace.get !== 'function') throw new TypeError('storefront-widgets/edge: durableObjectCoordination needs a Durable Object namespace binding (env.STOREFRONT_GATE), bound to the StorefrontGate class.');
  return ({ namespace: name, observe }) => createDurableObjectCoordinator(namespace, name, { ...options, ...(observe ? { observe } : {}) });
}

export function createDurableObjectCoordinator(gates: GateNamespace, name: string, options: DurableObjectCoordinationOptions & { observe?: (event: CoordinationEvent) => void } = {}): Coordinator {
  const callTimeoutMs = options.callTimeoutMs ?? 1000;
  const retryMs = options.retryMs ?? 5000;
  const observe = options.observe ?? (() => {});
  const isolate = crypto.randomUUID();
  let isolates = Math.max(1, options.isolates ?? 4);
  let downUntil = 0;
  let near: ReadStore | undefined;
  /** The read whose lead `merge` is starting the fetch of, while it calls `load` (set and cleared around that synchronous call). */
  let leading: string | undefined;
  const localClaims = createLocalClaims();

  let wasDown = false;
  /** Calls failed in a row (one late answer on a busy machine is not an outage). */
  let failures = 0;
  const up = (): boolean => Date.now() >= downUntil;
  /** When the object last answered a call of this isolate. */
  let answeredAt = -Infinity;
  const failed = (reason: string, since: number): void => {
    // The object answered another call after this one began: busy (a loaded machine), not away. Going alone
    // then fetched what other isolates fetch too (a loaded test saw three times the API requests).
    if (answeredAt >= since) return;
    if (++failures < FAILURES_TO_GO_ALONE) return;
    if (!wasDown) observe({ type: 'circuit', up: false, reason });
    wasDown = true;
    downUntil = Date.now() + retryMs;
  };

  /** One call to the object, within `timeoutMs`. A stub is made per call: in Workers an I/O object belongs to the request that made it. */
  const call = async (op: string, body: Record<string, unknown>, timeoutMs = callTimeoutMs): Promise<GateAnswer> => {
    if (!up()) throw new Error('the Durable Object did not answer lately');
    const since = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const stub = gates.get(gates.idFromName(name) as never);
      // Once more round the event loop before failing: after a stall of the isolate, the timer fires before the answer that came meanwhile is read.
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => (timer = setTimeout(() => reject(new LateAnswer(`no answer within ${timeoutMs} ms`)), 0)), timeoutMs)));
      const response = await Promise.race([stub.fetch(`https://storefront-gate/${op}`, { method: 'POST', body: JSON.stringify({ ...body, isolate }) }), late]);
      if (!response.ok) throw new Error(`the Durable Object answered ${response.status}`);
      const answer = (await Promise.race([response.json(), late])) as GateAnswer;
      if (wasDown) observe({ type: 'circuit', up: true, reason: 'answering' });
      wasDown = false;
      failures = 0;
      answeredAt = Date.now();
      return answer;
    } catch (error) {
      failed(error instanceof Error ? error.message : String(error), since);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  const sharedGet = async (key: string): Promise<StoredRead | undefined> => ((await call('get', { key })) as { read?: StoredRead }).read;
  const sharedSet = async (key: string, read: StoredRead, keepMs: number): Promise<void> => void (await call('put', { key, read, keepMs }));
  const keepFor = (read: StoredRead): number => Math.max(1, read.storedAt + read.freshMs - Date.now()) + 60 * 60 * 1000;

  const budget = (perSecond: number, { maxQueue }: { maxQueue: number }): Budget => {
    const intervalMs = 1000 / perSecond;
    /** This isolate's budget while the object does not answer: its share of the rate. */
    let local: Budget | undefined;
    let localShare = 0;
    // Whole requests: the local budget lets `ceil(share)` go in a second (4.5 would be 5, and four isolates 20).
    const share = (): number => Math.max(1, Math.floor(perSecond / isolates));
    const alone = (): Budget => {
      const rate = share();
      if (!local || localShare !== rate) {
        local = createBudget(rate, { maxQueue });
        localShare = rate;
      }
      return local;
    };
    /** The object's queue when it last answered: how long a permit may take. */
    let queued = 0;
    let waiting = 0;
    /** When the object last gave this isolate a permit. */
    let sharedAt = -Infinity;

    /** true: a permit of the object; false: the object is away (go alone). */
    const permit = async (priority: () => number, lead: string | undefined): Promise<boolean> => {
      const deadline = Date.now() + MAX_PERMIT_WAIT_MS;
      let missed = 0;
      while (up()) {
        let answer: { granted: boolean; queued: number; isolates: number; full?: boolean };
        try {
          // Read again at each ask: a read more shoppers now wait for ranks higher in the object's queue.
          answer = (await call('acquire', { priority: priority(), perSecond, ...(lead !== undefined ? { key: lead } : {}) }, ACQUIRE_WAIT_MS + callTimeoutMs)) as typeof answer;
        } catch (error) {
          // A late answer while the object answers others (a busy machine) is not an outage: ask again, rather than
          // take a permit of this isolate's own beside the object's (a loaded bench saw 34 API requests in one second).
          // A refusal, once more only.
          if (!(error instanceof LateAnswer) && ++missed > 1) return false;
          if (Date.now() > deadline) throw new BudgetFullError(Math.max(1000, queued * intervalMs));
          continue;
        }
        missed = 0;
        queued = answer.queued;
        isolates = Math.max(isolates, answer.isolates);
        observe({ type: 'permit', shared: true, waitMs: answer.granted ? 0 : ACQUIRE_WAIT_MS });
        if (answer.granted) {
          sharedAt = Date.now();
          return true;
        }
        if (answer.full || Date.now() > deadline) throw new BudgetFullError(Math.max(1000, queued * intervalMs));
      }
      return false;
    };

    return {
      async run(job, priority, queued) {
        // Read before any await: the lead `merge` starts this job for, if any (see `leading`).
        const lead = leading;
        if (up()) {
          waiting++;
          let shared: boolean;
          try {
            shared = await permit(priority, lead);
          } finally {
            waiting--;
          }
          if (shared) return job();
        }
        // Alone, not before a second after this isolate's last permit of the object: no second holds both.
        const wait = sharedAt + 1000 - Date.now();
        if (wait > 0) await new Promise((done) => setTimeout(done, wait));
        return alone().run(job, priority, queued);
      },
      pauseFor(ms) {
        local?.pauseFor(ms);
        void call('pause', { ms }).catch(() => {});
      },
      nextSlotIn: () => (up() ? queued * intervalMs : alone().nextSlotIn()),
      slotsWithin(ms) {
        if (!up()) return alone().slotsWithin(ms);
        const wait = queued * intervalMs;
        return wait > ms ? 0 : Math.max(1, Math.floor(((ms - wait) / 1000) * perSecond));
      },
      get waiting() {
        return waiting + (local?.waiting ?? 0);
      },
      get perSecond() {
        return up() ? perSecond : share();
      },
    };
  };

  const store = (mine: ReadStore): ReadStore => {
    near = mine;
    return {
      async get(key) {
        const kept = await mine.get(key);
        if (kept || !up()) return kept;
        const shared = await sharedGet(key).catch(() => undefined);
        if (shared) await mine.set(key, shared, keepFor(shared));
        return shared;
      },
      async set(key, read, keepMs) {
        await mine.set(key, read, keepMs);
        await sharedSet(key, read, keepMs).catch(() => {});
      },
      async delete(key) {
        await mine.delete(key);
        await call('delete', { key }).catch(() => {});
      },
    };
  };

  const merge = async (key: string, since: number, load: () => Promise<StoredRead | FailedRead>, demand?: MergeDemand): Promise<StoredRead | FailedRead> => {
    const deadline = Date.now() + MAX_JOIN_MS;
    let missed = 0;
    while (up() && Date.now() < deadline) {
      let answer: GateAnswer;
      try {
        // Shoppers waiting here: the leader's permit ranks as theirs would (it may hold the read low, a first read or a
        // refresh), said at the start and again as more come while the object holds this call.
        let said = demand?.waiting() ?? 0;
        const more = setInterval(() => {
          const waiting = demand?.waiting() ?? 0;
          if (waiting <= said || !demand) return;
          said = waiting;
          void call('want', { key, wanted: demand.rank(waiting) }).catch(() => {});
        }, WANT_AGAIN_MS);
        try {
          answer = await call('begin', { key, since, ...(said > 0 && demand ? { wanted: demand.rank(said) } : {}) }, JOIN_WAIT_MS + callTimeoutMs);
        } finally {
          clearInterval(more);
        }
      } catch (error) {
        // Likewise: ask again while the object counts as up, rather than fetch what another isolate leads.
        if (!(error instanceof LateAnswer) && ++missed > 1) break;
        continue;
      }
      missed = 0;
      if ('read' in answer && answer.read) {
        observe({ type: 'merged' });
        await near?.set(key, answer.read, keepFor(answer.read));
        return answer.read;
      }
      if ('lead' in answer) {
        const token = answer.lead;
        // Renewed while this read waits for a permit and runs: a request cancelled (Workers) stops renewing, and its lead ends.
        const renew = setInterval(() => void call('renew', { key, token }).catch(() => {}), LEAD_MS / 3);
        try {
          // The budget's `run` is called synchronously by `load`: it reads which lead it serves from here.
          leading = key;
          let loading: Promise<StoredRead | FailedRead>;
          try {
            loading = load();
          } finally {
            leading = undefined;
          }
          return await loading;
        } finally {
          clearInterval(renew);
          void call('end', { key, token }).catch(() => {});
        }
      }
    }
    if (up()) observe({ type: 'lock-timeout' });
    return load();
  };

  return {
    budget,
    store,
    shared: {
      get: (key) => sharedGet(key).catch(() => undefined),
      set: (key, read, keepMs) => sharedSet(key, read, keepMs).catch(() => {}),
      delete: async (key) => void (await call('delete', { key }).catch(() => {})),
    },
    merge: { run: merge },
    async claim(id, keepMs) {
      try {
        return ((await call('claim', { id, keepMs })) as { claimed: boolean }).claimed;
      } catch {
        return localClaims.claim(id);
      }
    },
    ready: async () => {},
    get up() {
      return up();
    },
    describe: () => ({ mode: 'durable-object', up: up(), isolates }),
    close: async () => {},
  };
}
