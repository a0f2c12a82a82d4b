/** Helpers for the emulator's contract tests: real HTTP against the emulator the global setup started. */
import { inject } from 'vitest';
import { requestLog as sharedRequestLog, testKey, type LoggedRequest } from '../support/emulator-control.ts';

/** Origin of the running emulator, e.g. `http://127.0.0.1:41234`. */
export const base = inject('apiBase');

export interface TestKeyOptions {
  plan?: 'reviews' | 'noreviews';
  faults?: Record<string, unknown>;
  rate?: { capacity?: number; refillPerSecond?: number };
}

/** A bucket so large that long pagination walks never meet the rate limit. */
export const UNLIMITED = { capacity: 100_000, refillPerSecond: 100_000 };

/** Registers a fresh test key (its own workspace, rate bucket, faults and log). */
export function registerKey(name: string, options: TestKeyOptions = {}): Promise<string> {
  return testKey(base, name, options as Parameters<typeof testKey>[2]);
}

export function get(path: string, key?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, { headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers } });
}

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export async function getJson<T = unknown>(path: string, key?: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const response = await get(path, key, headers);
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

export interface ErrorBody {
  error: { code: string; message: string };
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** Follows `next_cursor` from the first page to the last; returns every item and the page count. */
export async function walk<T>(path: string, key: string, limit: number): Promise<{ items: T[]; pages: number; sizes: number[] }> {
  const items: T[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer: Answer<Page<T>> = await getJson<Page<T>>(url, key);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    items.push(...answer.body.data);
    sizes.push(answer.body.data.length);
    cursor = answer.body.next_cursor;
    pages++;
    if (pages > 1000) throw new Error('pagination does not end');
  } while (cursor !== null);
  return { items, pages, sizes };
}

export interface EmulatorInfo {
  keys: { key: string; plan: string }[];
  markets: { id: string; shortId: string; currency: string; language: string }[];
  counts: Record<string, number>;
  labels: { id: string; name: string; post_count: number }[];
  galleries: { id: string; name: string; post_count: number }[];
  profiles: { id: string; username: string; post_count: number }[];
  products: { id: string; handle: string; post_count: number; review_count: number }[];
  samples: { video_post: string; corner_hotspots_post: string | null };
}

export async function info(): Promise<EmulatorInfo> {
  return (await (await fetch(`${base}/__emulator/info`)).json()) as EmulatorInfo;
}

export type { LoggedRequest };

/** Every request the emulator saw for a key, preflights included. */
export function requestLog(key: string): Promise<LoggedRequest[]> {
  return sharedRequestLog(base, key, { preflights: true });
}

export async function setFaults(key: string, faults: Record<string, unknown>): Promise<Response> {
  return fetch(`${base}/__emulator/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key, faults }) });
}

export interface WireMedia {
  location: string;
  hash?: string;
  filename?: string;
  width?: number;
  height?: number;
  poster?: string;
}

export interface WireProduct {
  id: string;
  title: string;
  handle: string;
  price?: { price: number; currency: string; sale_price?: number };
  category?: string;
  media?: WireMedia;
  url?: string;
  development_url?: string;
  sku?: string;
  mpn?: string;
  gtin?: string;
}

export interface WirePost {
  id: string;
  type: 'IMAGE' | 'VIDEO';
  media: WireMedia;
  alt?: string;
  comment?: string;
  video_captions?: string;
  video_description?: string;
  hide_caption: boolean;
  origin: { type: string };
  social_url?: string;
  from_social?: boolean;
  social_date?: string;
  added_by_company?: boolean;
  created_at: string;
  uploaded_by?: { username: string; image?: WireMedia };
  labels: { id: string; name: string | null }[];
  tagged_products: { x: number; y: number; product: WireProduct }[];
}

export interface WireReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  author: { name: string; verified_buyer: boolean };
  created_at: string;
  language: string;
  media: WireMedia[];
  reply: { body: string; created_at: string } | null;
  localization?: { language: string; title: string; body: string };
}

export interface WireSummary {
  average: number;
  count: number;
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
  summary: { text: string; language: string } | null;
}
