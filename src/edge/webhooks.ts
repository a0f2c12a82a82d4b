import { Webhook } from 'standardwebhooks';
import { webhookData, webhookEnvelope, webhookEvents, webhookHeaders } from '../api/wire.js';

/**
 * The service's webhooks, verified (Standard Webhooks: signature with any of the
 * secrets, timestamp within five minutes), each `webhook-id` handled once, and read for
 * what they change: one product's review reads, the company's, or the posts.
 */

/** What a delivery makes stale. */
export type Change = { reviewsOf: string[] } | { companyReviews: true } | { posts: true };

export type Delivery = { ok: true; duplicate: boolean; change: Change | undefined } | { ok: false; status: 400 | 401 | 413; message: string };

/** Largest delivery read, in characters. */
export const MAX_DELIVERY_CHARS = 256 * 1024;
const IDS_KEPT = 10_000;

export function createWebhookReceiver(secrets: readonly string[]): (request: Request) => Promise<Delivery> {
  const verifiers = secrets.map((secret) => new Webhook(secret));
  // Insertion-ordered: the oldest ids are forgotten first.
  const handled = new Set<string>();

  return async (request) => {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_DELIVERY_CHARS) return { ok: false, status: 413, message: 'delivery too large' };
    const body = await request.text();
    if (body.length > MAX_DELIVERY_CHARS) return { ok: false, status: 413, message: 'delivery too large' };
    const headers = { [webhookHeaders.id]: request.headers.get(webhookHeaders.id) ?? '', [webhookHeaders.timestamp]: request.headers.get(webhookHeaders.timestamp) ?? '', [webhookHeaders.signature]: request.headers.get(webhookHeaders.signature) ?? '' };
    if (Object.values(headers).some((value) => value === '')) return { ok: false, status: 400, message: `a delivery needs ${Object.values(webhookHeaders).join(', ')}` };
    let event: unknown;
    for (const verifier of verifiers) {
      try {
        event = verifier.verify(body, headers);
        break;
      } catch {
        // Another secret of a rotation may have signed it.
      }
    }
    if (event === undefined) return { ok: false, status: 401, message: 'signature or timestamp not valid' };
    const id = headers[webhookHeaders.id]!;
    if (handled.has(id)) return { ok: true, duplicate: true, change: undefined };
    handled.add(id);
    if (handled.size > IDS_KEPT) handled.delete(handled.values().next().value!);
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
