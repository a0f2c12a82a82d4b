import { webhookData, webhookEnvelope, webhookEvents, webhookHeaders } from '../api/wire.js';
import type { ReadStore } from './stores.js';
import { readBounded } from './bounded-body.js';

/**
 * The service's webhooks, verified (Standard Webhooks: signature with any of the
 * secrets, timestamp within five minutes), each `webhook-id` handled once, and read for
 * what they change: one product's review reads, the company's, or the posts.
 * Refusal is cheap, cheapest first: the announced size, the headers' shapes, the
 * timestamp, an id already handled; only then the body is read (bounded) and signed
 * (the runtime's native HMAC, once per secret, stopping at the first that matches).
 */

/** What a delivery makes stale. */
export type Change = { reviewsOf: string[] } | { companyReviews: true } | { posts: true };

export type Delivery = { ok: true; duplicate: boolean; change: Change | undefined } | { ok: false; status: 400 | 401 | 413; message: string };

/** Largest delivery read, in bytes. */
export const MAX_DELIVERY_CHARS = 256 * 1024;
const IDS_KEPT = 10_000;
/** How far a delivery's timestamp may be from now (Standard Webhooks' default). */
const TOLERANCE_SECONDS = 5 * 60;
/** How long a handled id is kept in the shared store: past the tolerance, a replay is refused by its timestamp. */
const ID_KEEP_MS = 2 * TOLERANCE_SECONDS * 1000;
/** Key prefix of handled ids in a shared `ReadStore`. */
export const WEBHOOK_ID_PREFIX = 'storefront-widgets/webhook-id:';

const ID = /^[\x21-\x7e]{1,256}$/;
const TIMESTAMP = /^\d{1,15}$/;
/** `v1,<base64>` entries, space separated; a few at most. */
const SIGNATURES = /^v\d+,[A-Za-z0-9+/]+={0,2}(?: v\d+,[A-Za-z0-9+/]+={0,2}){0,7}$/;

function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Equal bytes, in time that does not depend on where they differ. */
function same(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export function createWebhookReceiver(
  secrets: readonly string[],
  { store, claim, now = () => Date.now() }: { store?: ReadStore; /** Takes an id for this delivery across instances (Redis's `SET NX`): `false` when another took it. */ claim?: (id: string, keepMs: number) => Promise<boolean>; now?: () => number } = {},
): (request: Request) => Promise<Delivery> {
  const keys = secrets.map((secret) => crypto.subtle.importKey('raw', base64Bytes(secret.replace(/^whsec_/, '')), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']));
  // Insertion-ordered: the oldest ids are forgotten first.
  const handled = new Set<string>();
  const encoder = new TextEncoder();

  const seen = async (id: string): Promise<boolean> => handled.has(id) || (store !== undefined && (await store.get(WEBHOOK_ID_PREFIX + id)) !== undefined);
  const remember = async (id: string): Promise<void> => {
    handled.add(id);
    if (handled.size > IDS_KEPT) handled.delete(handled.values().next().value!);
    const at = now();
    await store?.set(WEBHOOK_ID_PREFIX + id, { status: 200, body: '', contentType: 'text/plain', storedAt: at, freshMs: ID_KEEP_MS }, ID_KEEP_MS);
  };

  return async (request) => {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_DELIVERY_CHARS) return { ok: false, status: 413, message: 'delivery too large' };
    const id = request.headers.get(webhookHeaders.id) ?? '';
    const timestamp = request.headers.get(webhookHeaders.timestamp) ?? '';
    const signature = request.headers.get(webhookHeaders.signature) ?? '';
    if (id === '' || timestamp === '' || signature === '') return { ok: false, status: 400, message: `a delivery needs ${Object.values(webhookHeaders).join(', ')}` };
    if (!ID.test(id) || !TIMESTAMP.test(timestamp) || signature.length > 1024 || !SIGNATURES.test(signature)) return { ok: false, status: 400, message: 'malformed webhook headers' };
    if (Math.abs(now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return { ok: false, status: 401, message: 'signature or timestamp not valid' };
    if (await seen(id)) return { ok: true, duplicate: true, change: undefined };
    const candidates = signature
      .split(' ')
      .filter((entry) => entry.startsWith('v1,'))
      .map((entry) => entry.slice(3))
      .filter((value) => value.length === 44)
      .map(base64Bytes);
    if (candidates.length === 0) return { ok: false, status: 401, message: 'signature or timestamp not valid' };
    const body = await readBounded(request.body, MAX_DELIVERY_CHARS);
    if (body === undefined) return { ok: false, status: 413, message: 'delivery too large' };
    const prefix = encoder.encode(`${id}.${timestamp}.`);
    const content = new Uint8Array(prefix.length + body.length);
    content.set(prefix);
    content.set(body, prefix.length);
    let valid = false;
    for (const key of keys) {
      const expected = new Uint8Array(await crypto.subtle.sign('HMAC', await key, content));
      if (candidates.some((candidate) => same(candidate, expected))) {
        valid = true;
        break;
      }
    }
    if (!valid) return { ok: false, status: 401, message: 'signature or timestamp not valid' };
    let event: unknown;
    try {
      event = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return { ok: false, status: 400, message: 'the delivery is not JSON' };
    }
    // Another delivery of this id may have passed meanwhile, here or on another instance.
    if (await seen(id)) return { ok: true, duplicate: true, change: undefined };
    if (claim && !(await claim(id, ID_KEEP_MS))) return { ok: true, duplicate: true, change: undefined };
    await remember(id);
    return { ok: true, duplicate: false, change: changeOf(event) };
  };
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** A product's id and handle, where the delivery names them. */
function refsOf(product: unknown): string[] {
  const fields = record(product);
  return [fields[webhookData.productId], fields[webhookData.productHandle]].filter((ref): ref is string => typeof ref === 'string' && ref !== '' && ref.length <= 200);
}

/** What an event changes; `undefined` for events that change no read. */
export function changeOf(event: unknown): Change | undefined {
  const envelope = record(event);
  const data = record(envelope[webhookEnvelope.data]);
  switch (envelope[webhookEnvelope.type]) {
    case webhookEvents.productReviewSubmitted:
    case webhookEvents.productReviewReplied: {
      const review = record(data[webhookData.review]);
      // A delivery that names no product: every product's review reads.
      return { reviewsOf: [...new Set([...refsOf(data[webhookData.product]), ...refsOf(review[webhookData.product])])] };
    }
    case webhookEvents.companyReviewSubmitted:
    case webhookEvents.companyReviewReplied:
      return { companyReviews: true };
    case webhookEvents.uploadCompleted:
      // A new post may enter any gallery: every post read.
      return { posts: true };
    default:
      return undefined;
  }
}
