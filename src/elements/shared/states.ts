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

/**
 * A small error state: the message in an alert and, when trying again can help, a
 * retry button. Used inline under content that stays on screen, too.
 */
export function renderError(error: unknown, localizer: Localizer, retry?: () => void): TemplateResult {
  const retryable = typeof error === 'object' && error !== null && (error as StorefrontError).retryable === true;
  return html`<div part="error" class="error" role="alert">
    <span class="error-message">${errorMessage(error, localizer)}</span>
    ${retryable && retry ? html`<button part="button retry-button" class="retry" type="button" @click=${retry}>${localizer.t('retry')}</button>` : nothing}
  </div>`;
}
