/**
 * The service's webhooks, as its Flows send them (service-spec "Events"): a POST of
 * `{ version, id, type, created_at, data, origin: { flow } }` with the Standard Webhooks
 * headers, signed with the destination's secret. `data` follows the contract's
 * assumption (src/api/wire.ts): the review or post, with its product.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { SeedProduct } from './data/seed.ts';

export interface Destination {
  url: string;
  secret: string;
}

export const newSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** Sends one event; `id` again is a retry of the same delivery, `timestamp` an old one for tests. */
export async function deliver(destination: Destination, type: string, data: unknown, options: { id?: string; timestamp?: Date } = {}): Promise<{ id: string; status: number }> {
  const id = options.id ?? `msg_${randomUUID()}`;
  const timestamp = options.timestamp ?? new Date();
  const body = JSON.stringify({ version: '1', id, type, created_at: timestamp.toISOString(), data, origin: { flow: 'emulator' } });
  const response = await fetch(destination.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': new Webhook(destination.secret).sign(id, timestamp, body),
    },
    body,
  });
  await response.arrayBuffer();
  return { id, status: response.status };
}

/** A product as a delivery names it. */
export const productRef = (product: SeedProduct) => ({ id: product.id, handle: product.handle });
