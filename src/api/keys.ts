import { InvalidKeyError } from './errors.js';
import { PUBLISHABLE_KEY_PREFIX, SECRET_KEY_PREFIX } from './wire.js';

const explained = new Set<string>();

/** Shows the start of a key only, so that a console never repeats a whole secret. */
function mask(key: string): string {
  return key.length <= 10 ? `${key.slice(0, 4)}…` : `${key.slice(0, 10)}…`;
}

/**
 * Refuses anything that is not a publishable key, before any request is made, and
 * says why on the console once per key. A secret key in a page is readable by every
 * visitor and gives access to the whole workspace.
 */
export function assertPublishableKey(key: string): void {
  if (key.startsWith(PUBLISHABLE_KEY_PREFIX) && key.length > PUBLISHABLE_KEY_PREFIX.length) return;
  const isSecret = key.startsWith(SECRET_KEY_PREFIX);
  const message = isSecret
    ? `storefront-widgets: refused the secret key "${mask(key)}". A secret key (${SECRET_KEY_PREFIX}…) gives full access to your workspace and must never be put in a web page, where every visitor can read it. No request was made. Rotate this key now, and give the widgets a publishable key (${PUBLISHABLE_KEY_PREFIX}…) instead.`
    : `storefront-widgets: "${mask(key)}" is not a publishable key. The widgets only accept publishable keys (${PUBLISHABLE_KEY_PREFIX}…), which are safe to put in a page. No request was made.`;
  if (!explained.has(key)) {
    explained.add(key);
    console.error(message);
  }
  throw new InvalidKeyError(message);
}
