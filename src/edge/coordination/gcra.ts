/**
 * The generic cell rate algorithm: one number per bucket, the theoretical arrival time
 * (`tat`) of the next request. A request may go when `tat` is at most `burst - 1`
 * intervals ahead of now; it moves `tat` one interval on. At `perSecond` with a burst of
 * 1, no second holds more than `perSecond + 1` requests, however many instances ask.
 * The same rule runs in Redis (`GCRA_TAKE_SCRIPT`, `GCRA_PAUSE_SCRIPT`, timed by the server's own clock) and here,
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
 * `gcraPause` in one atomic Lua script (burst 1). KEYS[1]: the bucket; ARGV[1]: the pause
 * (ms). Milliseconds from `TIME`, so instances' clocks never matter.
 */
export const GCRA_PAUSE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local paused = now + tonumber(ARGV[1])
if paused > tat then
  redis.call('SET', KEYS[1], tostring(paused), 'PX', math.ceil(paused - now + 1000))
end
return 0
`;

/**
 * `gcraTake` (burst 1) in one atomic Lua script, timed by `TIME` too, that keeps the
 * instances' priorities: each instance says the class of the best job it has waiting
 * (`class:time` in the hash KEYS[2], by instance),
 * and no permit goes to one while another, heard from within `live` ms, waits with a
 * higher class (shoppers' misses before other instances' first reads). Granted, the
 * instance's class becomes that of its next job (none: left out). KEYS[1]: the bucket;
 * ARGV: interval (ms), instance, class, next class (-1: none), live (ms). Returns the ms
 * to wait (0: taken).
 */
export const GCRA_TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local class = tonumber(ARGV[3])
local live = tonumber(ARGV[5])
local function say(value)
  if value < 0 then redis.call('HDEL', KEYS[2], ARGV[2]) else redis.call('HSET', KEYS[2], ARGV[2], value .. ':' .. now) end
  redis.call('PEXPIRE', KEYS[2], live * 4)
end
local others = redis.call('HGETALL', KEYS[2])
for i = 1, #others, 2 do
  if others[i] ~= ARGV[2] then
    local sep = string.find(others[i + 1], ':', 1, true)
    local said = tonumber(string.sub(others[i + 1], sep + 1))
    if said < now - live then
      redis.call('HDEL', KEYS[2], others[i])
    elseif tonumber(string.sub(others[i + 1], 1, sep - 1)) > class then
      say(class)
      return math.ceil(interval)
    end
  end
end
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
if now < tat then
  say(class)
  return math.ceil(tat - now)
end
redis.call('SET', KEYS[1], tostring(tat + interval), 'PX', math.ceil(interval + 1000))
say(tonumber(ARGV[4]))
return 0
`;
