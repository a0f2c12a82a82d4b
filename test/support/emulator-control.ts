/**
 * Test helpers for the emulator's control API (`/__emulator/*`), usable from Node and
 * from the browser: register a key of one's own, set its faults, read its request log.
 */
import type { Faults } from '../../demo/emulator/faults.ts';

/** The emulator's fault settings (its own type, so the two cannot drift apart). */
export type { Faults };

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  status: number;
  at: number;
}

let counter = 0;

/** Registers a fresh publishable key (its own rate bucket and faults) and returns it. */
export async function testKey(
  apiBase: string,
  name: string,
  options: { plan?: 'reviews' | 'noreviews'; faults?: Faults; rate?: { capacity?: number; refillPerSecond?: number } } = {},
): Promise<string> {
  const key = `svc_pk_test_${name}_${Date.now().toString(36)}_${(counter++).toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const response = await fetch(`${apiBase}/__emulator/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, plan: options.plan ?? 'reviews', faults: options.faults ?? {}, ...(options.rate ? { rate: options.rate } : {}) }),
  });
  if (!response.ok) throw new Error(`could not register test key: ${response.status}`);
  return key;
}

export async function setFaults(apiBase: string, key: string, faults: Faults): Promise<void> {
  const response = await fetch(`${apiBase}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, faults }),
  });
  if (!response.ok) throw new Error(`could not set faults: ${response.status}`);
}

/** The key's requests as the emulator saw them, preflights left out unless asked for. */
export async function requestLog(apiBase: string, key: string, options: { preflights?: boolean } = {}): Promise<LoggedRequest[]> {
  const response = await fetch(`${apiBase}/__emulator/log?key=${encodeURIComponent(key)}`);
  const log = (await response.json()) as LoggedRequest[];
  return options.preflights ? log : log.filter((entry) => entry.method !== 'OPTIONS');
}

/**
 * Makes `/v1/products/ratings` answer `404 not_found` for the key (`available: false`), as
 * an API without the batched read would, or serves it again (`true`).
 */
export async function setRatingsAvailable(apiBase: string, key: string, available: boolean): Promise<void> {
  const response = await fetch(`${apiBase}/__emulator/ratings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, available }),
  });
  if (!response.ok) throw new Error(`could not switch the ratings read: ${response.status}`);
}
