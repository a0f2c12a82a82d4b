/**
 * The generic cell rate algorithm: one number per bucket, the theoretical arrival time
 * (`tat`) of the next request. A request may go when `tat` is at most `burst - 1`
 * intervals ahead of now; it moves `tat` one interval on. At `perSecond` with a burst of
 * 1, no second holds more than `perSecond + 1` requests, however many instances ask.
 * The same rule runs in Redis (`GCRA_SCRIPT`, timed by the server's own clock) and here,
 * for an instance that cannot reach Redis (its share of the rate).
 */
export interface GcraState {
  tat: number;
}

/** 0 when a request may go now (and `state` has counted it), else ms until one may. */
export function gcraTake(state: GcraState, now: number, intervalMs: number, burst = 1): number {
  const tat = Math.max(state.tat, now);
  const allowAt = tat + intervalMs - intervalMs * burst;
  if (now < allowAt) return allowAt - now;
  state.tat = tat + intervalMs;
  return 0;
}

/** No request before `now + ms` (the API's 429 and its Retry-After). */
export function gcraPause(state: GcraState, now: number, ms: number, intervalMs: number, burst = 1): void {
  // The next request may go at `now + ms`: `tat` where `gcraTake` allows it then.
  state.tat = Math.max(state.tat, now + ms + intervalMs * (burst - 1));
}

/**
 * The same two operations in one atomic Lua script. KEYS[1]: the bucket; ARGV: interval
 * (ms), burst, `take` or `pause`, pause (ms). Returns the ms to wait (0: taken, or paused).
 * Milliseconds from `TIME`, so instances' clocks never matter.
 */
export const GCRA_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
if ARGV[3] == 'pause' then
  local paused = now + tonumber(ARGV[4]) + interval * (burst - 1)
  if paused > tat then
    redis.call('SET', KEYS[1], tostring(paused), 'PX', math.ceil(paused - now + 1000))
  end
  return 0
end
local allowAt = tat + interval - interval * burst
if now < allowAt then return math.ceil(allowAt - now) end
local nextTat = tat + interval
redis.call('SET', KEYS[1], tostring(nextTat), 'PX', math.ceil(nextTat - now + 1000))
return 0
`;
