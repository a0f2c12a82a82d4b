import { LRUCache } from 'lru-cache';
import type { Redis as RedisClient, RedisOptions } from 'ioredis';
import { RANK_CLASS, type Budget } from '../budget.js';
import type { ReadStore, StoredRead } from '../stores.js';
import { createCircuit } from './circuit.js';
import { createGatedBudget, type RateGate } from './gated-budget.js';
import { GCRA_PAUSE_SCRIPT, GCRA_TAKE_SCRIPT, gcraPause, gcraTake, type GcraState } from './gcra.js';
import { assertRedisUrl, redact } from './redis-url.js';
import { createLocalClaims, type Coordination, type CoordinationEvent, type Coordinator, type FailedRead, type MergeDemand } from './types.js';

/**
 * Every instance of a shop through one Redis or Valkey: the budget (one GCRA bucket,
 * ./gcra.ts), the answers (a JSON record per read, kept for its fresh and stale life,
 * this process's memory in front for `firstLevelMs`), the merge of equal misses (a
 * `SET NX PX` lock renewed while its holder lives; the others wake on a pub/sub message
 * or poll) and webhook ids (`SET NX`). The client, ioredis, is imported only here and
 * only when a Redis URL is given: an optional peer dependency.
 *
 * When Redis fails (stopped, paused, slow), every call has a short deadline and the
 * circuit opens: the instance goes on alone with its share of the rate (the rate over
 * the instances whose heartbeats Redis last held) and its own memory, and goes back to
 * shared mode once a probe answers.
 */

export interface RedisCoordinatorOptions {
  /** `redis://host:port[/db]` or `rediss://…`. */
  url: string;
  /** Names this shop's keys in Redis (several shops may share one): the proxy derives it from its key and API, never the key itself. */
  namespace: string;
  /** Deadline of each Redis call, ms (two missed in a row open the circuit). Default 500. */
  commandTimeoutMs?: number;
  /** How long an answer read from Redis is served from memory before Redis is asked again, ms. Default 1000. */
  firstLevelMs?: number;
  /** Life of a merge lock, renewed while its holder lives: what a dead holder costs the others. Default 3000. */
  lockMs?: number;
  /** Told of the circuit, merges, lock timeouts and permits (metrics, logs). */
  observe?: (event: CoordinationEvent) => void;
  now?: () => number;
}

/** How often a waiter of a merged read looks at Redis, should the pub/sub message not come. */
const POLL_MS = 150;
/** How often a waiter whose shoppers wait tells the lock's holder again (should it have missed the message), unless more wait. */
const WANTED_AGAIN_MS = 1000;
/**
 * Longest a waiter waits for another instance's fetch before it fetches itself. The holder
 * renews its lock while its read waits for the budget too, and at a cold start that wait
 * is the whole shared queue (a few hundred distinct reads at 18 a second): a waiter that
 * gave up sooner (it was 10 s) fetched again what the holder was about to fetch. A dead
 * holder still costs no more than its lock's life; this only bounds a live one. The read
 * cache takes a flight older than a minute for lost.
 */
const MERGE_WAIT_MS = 55_000;
/** How often each instance says it is alive; how long Redis counts it after. */
const HEARTBEAT_MS = 1000;
const HEARTBEAT_WINDOW_MS = 5000;
/**
 * How long the most instances counted stays the count: after an outage the others'
 * heartbeats come back one by one, and a share of the rate taken from a low count then
 * would add up past the rate. An instance that died is let go after this long.
 */
const PEAK_KEEP_MS = 30_000;
/** How often an open circuit tries Redis again. */
const PROBE_MS = 500;
/**
 * How long, once Redis answers again, an instance also keeps to its own share of the rate:
 * the others may still be alone (their probes come up to `PROBE_MS` later), each at its
 * share, and the shared bucket counts none of theirs. Longer than two probes and a deadline.
 */
const BACK_TO_SHARED_MS = 2000;
/**
 * How long the class of the best job an instance said it has waiting holds the others'
 * lower ones back, unless it says it again: it asks at least every 250 ms while it has any
 * (./gated-budget.ts), so only a stalled or dead instance's lapses.
 */
const RANK_LIVE_MS = 600;
/** A budget rank's class (`RANK_CLASS`) for the shared bucket; -1: no job. */
const classOf = (rank: number | undefined): number => (rank === undefined ? -1 : Math.max(0, Math.floor(rank / RANK_CLASS)));
/** A copy from Redis kept in memory this long past its freshness, for when Redis is away. */
const LOCAL_COPY_KEEP_MS = 60 * 60 * 1000;

/** Deletes the lock only if it is still the caller's. */
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
/** Extends the lock only if it is still the caller's. */
const RENEW_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
/** Counts this instance alive now (server's clock) and returns how many are. */
const HEARTBEAT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('ZCARD', KEYS[1])
`;

function decode(text: string | null): StoredRead | undefined {
  if (text === null) return undefined;
  try {
    const read = JSON.parse(text) as StoredRead;
    return typeof read.body === 'string' && Number.isFinite(read.storedAt) && Number.isFinite(read.freshMs) && Number.isFinite(read.status) ? read : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `createStorefrontProxy`'s `coordination` for Redis or Valkey at `url`: the URL is
 * checked now, before any request (a malformed one throws, its password never shown).
 */
export function redisCoordination(url: string, options: Omit<RedisCoordinatorOptions, 'url' | 'namespace'> = {}): Coordination {
  assertRedisUrl(url);
  return ({ namespace, observe }) => createRedisCoordinator({ ...options, url, namespace, ...(observe && !options.observe ? { observe } : {}) });
}

export function createRedisCoordinator(options: RedisCoordinatorOptions): Coordinator {
  const url = assertRedisUrl(options.url).toString();
  const now = options.now ?? (() => Date.now());
  const timeoutMs = options.commandTimeoutMs ?? 500;
  const firstLevelMs = options.firstLevelMs ?? 1000;
  const lockMs = options.lockMs ?? 3000;
  const observe = options.observe ?? (() => {});
  const prefix = `storefront-widgets:${options.namespace}:`;
  const keys = { bucket: `${prefix}budget`, ranks: `${prefix}ranks`, instances: `${prefix}instances`, channel: `${prefix}stored`, wanted: `${prefix}wanted`, read: (key: string) => `${prefix}read:${key}`, lock: (key: string) => `${prefix}lock:${key}`, claim: (id: string) => `${prefix}claim:${id}` };
  const instanceId = crypto.randomUUID();
  let client: RedisClient | undefined;
  let subscriber: RedisClient | undefined;
  /** Instances alive, as the heartbeats counted them: the most in the last `PEAK_KEEP_MS`. */
  let instances = 1;
  let peakAt = 0;
  const counted = (count: number): void => {
    const at = now();
    if (count >= instances || at - peakAt > PEAK_KEEP_MS) {
      instances = Math.max(1, count);
      peakAt = at;
    }
  };
  let closing = false;
  let lastHeartbeat = 0;
  /** When the circuit last closed (Redis answering again). */
  let backAt = -Infinity;
  /** Per read: when this process last looked at Redis's copy (or wrote it). */
  const checkedAt = new LRUCache<string, number>({ max: 100_000 });
  /** Per read: the merge waiters to wake when an instance stores it or lets go of its lock. */
  const waiters = new Map<string, Set<() => void>>();
  /** Per read whose lock this instance holds: its caller's demand, raised when another instance's shoppers wait for it. */
  const held = new Map<string, MergeDemand>();
  const localClaims = createLocalClaims();

  const circuit = createCircuit({
    timeoutMs,
    onChange: (up, reason) => {
      if (up) backAt = now();
      if (!up) {
        // What this process looked up in Redis may have changed meanwhile: ask again once back.
        checkedAt.clear();
        for (const wake of [...waiters.values()].flatMap((set) => [...set])) wake();
      }
      observe({ type: 'circuit', up, reason });
    },
  });
  const redis = <T>(op: (c: RedisClient) => Promise<T>): Promise<T> => circuit.call(() => op(client!));

  const wake = (key: string): void => {
    for (const listener of waiters.get(key) ?? []) listener();
  };

  /** Heartbeat while shared; a probe while the circuit is open. */
  const tick = async (): Promise<void> => {
    if (!client || closing) return;
    const beat = () => client!.eval(HEARTBEAT_SCRIPT, 1, keys.instances, instanceId, HEARTBEAT_WINDOW_MS) as Promise<number>;
    if (!circuit.closed) {
      let count: number | undefined;
      if (await circuit.probe(async () => (count = await beat()))) {
        counted(Number(count));
        lastHeartbeat = now();
      }
      return;
    }
    if (now() - lastHeartbeat < HEARTBEAT_MS) return;
    lastHeartbeat = now();
    const count = await redis(beat).catch(() => undefined);
    if (count !== undefined) counted(Number(count));
  };
  const timer = setInterval(() => void tick(), PROBE_MS);
  (timer as { unref?: () => void }).unref?.();

  const ready = (async () => {
    let module: { Redis?: new (url: string, options: RedisOptions) => RedisClient; default?: new (url: string, options: RedisOptions) => RedisClient };
    try {
      // Loaded only when a Redis URL is given: without one, the package need not be installed.
      module = (await import('ioredis')) as typeof module;
    } catch {
      throw new Error('storefront-widgets/edge: a Redis URL needs the ioredis package: npm install ioredis');
    }
    const Redis = (module.Redis ?? module.default)!;
    const settings: RedisOptions = {
      connectTimeout: 1000,
      // The circuit's deadline decides (./circuit.ts); the client's own only ends what is left waiting.
      commandTimeout: 4 * timeoutMs,
      // A command while disconnected fails at once instead of waiting in a queue: the circuit decides.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => (closing ? null : Math.min(1000, 100 * times)),
      lazyConnect: true,
    };
    client = new Redis(url, settings);
    subscriber = new Redis(url, { ...settings, commandTimeout: undefined, enableOfflineQueue: true });
    for (const connection of [client, subscriber]) connection.on('error', () => {});
    client.on('close', () => circuit.open('connection closed'));
    subscriber.on('message', (channel: string, message: string) => {
      const at = message.indexOf('\n');
      const key = message.slice(at + 1);
      if (channel === keys.wanted) return void held.get(key)?.raise(Number(message.slice(0, at)) || 1);
      if (message.slice(0, at) !== instanceId) checkedAt.delete(key);
      wake(key);
    });
    // On every connection, the first too (a Redis that was away when the instance started): the pub/sub channel.
    subscriber.on('ready', () => void subscriber!.subscribe(keys.channel, keys.wanted).catch(() => {}));
    await Promise.allSettled([client.connect(), subscriber.connect()]);
    await tick();
  })();
  ready.catch(() => {});

  const notify = (key: string): void => void redis((c) => c.publish(keys.channel, `${instanceId}\n${key}`)).catch(() => {});
  const sharedGet = async (key: string): Promise<StoredRead | undefined> => decode(await redis((c) => c.get(keys.read(key))));

  let near: ReadStore | undefined;
  const remember = async (key: string, read: StoredRead): Promise<void> => {
    checkedAt.set(key, now());
    await near?.set(key, read, Math.max(1, read.storedAt + read.freshMs - now()) + LOCAL_COPY_KEEP_MS);
  };

  const budget = (perSecond: number, { maxQueue }: { maxQueue: number }): Budget => {
    const intervalMs = 1000 / perSecond;
    const local: GcraState = { tat: 0 };
    /** When Redis last gave this instance a permit. */
    let sharedAt = -Infinity;
    const localTake = (): number => {
      const at = now();
      const localInterval = (1000 * instances) / perSecond;
      // Alone, not before a second after the last shared permit: no second then holds
      // both the shared bucket's permits and this instance's own.
      local.tat = Math.max(local.tat, sharedAt + 1000);
      const wait = gcraTake(local, at, localInterval);
      observe({ type: 'permit', shared: false, waitMs: wait });
      return wait;
    };
    const gate: RateGate = {
      async take(rank, then) {
        if (!circuit.closed) return localTake();
        if (now() - backAt < BACK_TO_SHARED_MS) {
          // Both rules at once for a while (see BACK_TO_SHARED_MS): a local permit the shared bucket then refuses is spent unused, which only slows.
          const wait = gcraTake(local, now(), (1000 * instances) / perSecond);
          if (wait > 0) return wait;
        }
        try {
          // By class across instances: a shopper's miss here goes before another instance's first reads.
          const wait = Number(await redis((c) => c.eval(GCRA_TAKE_SCRIPT, 2, keys.bucket, keys.ranks, intervalMs, instanceId, classOf(rank ?? 0), classOf(then), RANK_LIVE_MS)));
          if (wait === 0) sharedAt = now();
          observe({ type: 'permit', shared: true, waitMs: wait });
          return wait;
        } catch {
          // No permit on a miss while the circuit is still closed: a Redis that is slow, not
          // away, still gives the others theirs, and a local one beside them would add up.
          return (1000 * instances) / perSecond;
        }
      },
      pause(ms) {
        gcraPause(local, now(), ms, (1000 * instances) / perSecond);
        void redis((c) => c.eval(GCRA_PAUSE_SCRIPT, 1, keys.bucket, Math.ceil(ms))).catch(() => {});
      },
      get share() {
        return perSecond / instances;
      },
    };
    return createGatedBudget(gate, { maxQueue, now, onLatePermit: () => observe({ type: 'permit', shared: true, waitMs: 0, late: true }) });
  };

  const store = (local: ReadStore): ReadStore => {
    near = local;
    return {
      async get(key) {
        const mine = await local.get(key);
        if (!circuit.closed) return mine;
        const checked = checkedAt.get(key);
        if (mine && checked !== undefined && now() - checked < firstLevelMs) return mine;
        let shared: StoredRead | undefined;
        try {
          shared = await sharedGet(key);
        } catch {
          return mine;
        }
        checkedAt.set(key, now());
        // Redis lost it (a restart): this process's copy is as good as before.
        if (!shared || (mine && mine.storedAt > shared.storedAt)) return mine;
        await remember(key, shared);
        return shared;
      },
      async set(key, read, keepMs) {
        checkedAt.set(key, now());
        await local.set(key, read, keepMs);
        try {
          await redis((c) => c.set(keys.read(key), JSON.stringify(read), 'PX', Math.max(1, Math.ceil(keepMs))));
          notify(key);
        } catch {
          // Kept in memory: Redis has the older copy or none until the next refresh.
        }
      },
      async delete(key) {
        await local.delete(key);
        await redis((c) => c.del(keys.read(key))).catch(() => {});
        notify(key);
      },
    };
  };

  /** Resolves after `ms`, or sooner when `key` is stored or its lock let go. */
  const wakeOrWait = (key: string, ms: number): Promise<void> =>
    new Promise((resolve) => {
      let set = waiters.get(key);
      if (!set) waiters.set(key, (set = new Set()));
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && waiters.get(key) === set) waiters.delete(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });

  const lock = async (key: string): Promise<string | undefined> => {
    const token = `${instanceId}:${crypto.randomUUID()}`;
    return (await redis((c) => c.set(keys.lock(key), token, 'PX', lockMs, 'NX'))) === 'OK' ? token : undefined;
  };

  /** Holds the lock of `key` while `load` runs: another instance's newer answer first, else one's own fetch. */
  const hold = async (key: string, token: string, since: number, load: () => Promise<StoredRead | FailedRead>, demand?: MergeDemand): Promise<StoredRead | FailedRead> => {
    if (demand) held.set(key, demand);
    const renew = setInterval(() => void redis((c) => c.eval(RENEW_SCRIPT, 1, keys.lock(key), token, lockMs)).catch(() => {}), lockMs / 3);
    try {
      // Another instance may have stored it between the caller's look and this lock.
      const kept = await sharedGet(key).catch(() => undefined);
      if (kept && kept.storedAt > since) {
        observe({ type: 'merged' });
        await remember(key, kept);
        return kept;
      }
      return await load();
    } finally {
      if (held.get(key) === demand) held.delete(key);
      clearInterval(renew);
      await redis((c) => c.eval(RELEASE_SCRIPT, 1, keys.lock(key), token)).catch(() => {});
      notify(key);
    }
  };

  return {
    budget,
    store,
    shared: {
      get: (key) => sharedGet(key).catch(() => undefined),
      async set(key, read, keepMs) {
        await redis((c) => c.set(keys.read(key), JSON.stringify(read), 'PX', Math.max(1, Math.ceil(keepMs)))).catch(() => {});
      },
      async delete(key) {
        await redis((c) => c.del(keys.read(key))).catch(() => {});
      },
    },
    merge: {
      async run(key, since, load, demand) {
        if (!circuit.closed) return load();
        let token: string | undefined;
        try {
          token = await lock(key);
        } catch {
          return load();
        }
        if (token) return hold(key, token, since, load, demand);
        // Another instance fetches it: wait for its answer (stale answers are served meanwhile by the read cache).
        const deadline = now() + MERGE_WAIT_MS;
        // Shoppers waiting here: the holder may hold the read low in its own queue (its first read, a refresh), so it is told.
        let said = 0;
        let saidAt = -Infinity;
        for (;;) {
          const waiting = demand?.waiting() ?? 0;
          if (waiting > 0 && (waiting > said || now() - saidAt >= WANTED_AGAIN_MS)) {
            said = waiting;
            saidAt = now();
            void redis((c) => c.publish(keys.wanted, `${waiting}\n${key}`)).catch(() => {});
          }
          await wakeOrWait(key, POLL_MS);
          if (!circuit.closed) return load();
          let read: string | null;
          let holder: string | null;
          try {
            [read, holder] = await redis((c) => c.mget(keys.read(key), keys.lock(key)));
          } catch {
            return load();
          }
          const kept = decode(read);
          if (kept && kept.storedAt > since) {
            observe({ type: 'merged' });
            await remember(key, kept);
            return kept;
          }
          if (holder === null) {
            // Let go without an answer (the API failed), or its holder died: one waiter takes over.
            token = await lock(key).catch(() => undefined);
            if (token) return hold(key, token, since, load, demand);
          }
          if (now() > deadline) {
            observe({ type: 'lock-timeout' });
            return load();
          }
        }
      },
    },
    async claim(id, keepMs) {
      try {
        return (await redis((c) => c.set(keys.claim(id), '1', 'PX', Math.ceil(keepMs), 'NX'))) === 'OK';
      } catch {
        // Redis away: this process's own memory decides (a retry reaching another instance costs one more refresh).
        return localClaims.claim(id);
      }
    },
    get up() {
      return circuit.closed;
    },
    ready: () => ready,
    describe: () => ({ mode: 'redis', url: redact(url), up: circuit.closed, instances, outages: circuit.opened }),
    async close() {
      closing = true;
      clearInterval(timer);
      await ready.catch(() => {});
      await client?.zrem(keys.instances, instanceId).catch(() => {});
      client?.disconnect();
      subscriber?.disconnect();
    },
  };
}
