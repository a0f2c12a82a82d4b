import { html, nothing, type TemplateResult } from 'lit';
import type { StorefrontError } from '../../api/errors.js';
import { en, type StringKey } from '../../i18n/en.js';
import type { Localizer } from '../../i18n/localize.js';

/** The localized, shopper-facing message for a failure (developers get the detail on the console). */
export function errorMessage(error: unknown, localizer: Localizer): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as StorefrontError).code) : 'generic';
  const key = `error.${code}`;
  return localizer.t(key in en ? (key as StringKey) : 'error.generic');
}

const retryable = (error: unknown) => typeof error === 'object' && error !== null && (error as StorefrontError).retryable === true;

/**
 * A small error state: the message in an alert and, when trying again can help, a
 * retry button. Used inline under content that stays on screen (a next page that failed).
 */
export function renderError(error: unknown, localizer: Localizer, retry?: () => void): TemplateResult {
  return html`<div part="error" class="error" role="alert">
    <span class="error-message">${errorMessage(error, localizer)}</span>
    ${retryable(error) && retry ? html`<button part="button retry-button" class="retry" type="button" @click=${retry}>${localizer.t('retry')}</button>` : nothing}
  </div>`;
}

/**
 * A failure the page stays quiet about (badge, summary, gallery, shoppable post): the
 * element heals by itself (controllers/heal.ts), so nothing is drawn meanwhile. The alert
 * is there, not displayed (`.quiet`, sharedTokens): a theme shows it with `::part(error)`,
 * and `svc-error` tells a script.
 */
export function renderQuietError(error: unknown, localizer: Localizer): TemplateResult {
  return html`<div part="error" class="error quiet" role="alert">${errorMessage(error, localizer)}</div>`;
}

/**
 * The one line the review list shows when its reviews could not be read: a message that
 * blames no one (or that the shopper is offline, the one thing they can act on) and a way
 * to try again. The developer's detail is on the console and in `svc-error`.
 */
export function renderCalmError(error: unknown, localizer: Localizer, retry?: () => void): TemplateResult {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const code = typeof error === 'object' && error !== null ? (error as StorefrontError).code : undefined;
  // A setup error is the developer's to fix: its own message, as before.
  const setup = code === 'config' || code === 'invalid_key' || code === 'unauthorized' || code === 'invalid_request';
  const message = setup ? errorMessage(error, localizer) : localizer.t(offline ? 'error.network' : 'error.generic');
  return html`<div part="error" class="error" role="alert">
    <span class="error-message">${message}</span>
    ${retryable(error) && retry ? html`<button part="button retry-button" class="retry link-button" type="button" @click=${retry}>${localizer.t('retry')}</button>` : nothing}
  </div>`;
}
