import type { AnalyticsInput, AnalyticsSettings, AnalyticsState, ConsentSettings } from '../page/analytics-settings.js';

/**
 * The checks and the applying of `configure({ analytics, consent })`, kept out of the
 * script tag's loader (their messages would take a sixth of it): the package's `configure`
 * installs them before its first call; the loader imports this module, a file of its own
 * with no imports, when settings wait for it. It receives the page's shared state rather
 * than importing it, so that nothing else comes with it.
 */

const MAX_QUEUE = 1000;

/** The settings as given when they are valid; a console error naming the fault (and the setting left as it was) otherwise. */
function validAnalytics(value: unknown): AnalyticsSettings | null | undefined {
  if (value === undefined || value === null || value === false) return undefined;
  const fault = (why: string) => {
    console.error(`storefront-widgets: configure({ analytics }) ignored: ${why}`);
    return null;
  };
  if (typeof value !== 'object') return fault('expected an object such as { dataLayer: true }.');
  const { dataLayer, onEvent, queueUntilConsent } = value as Record<string, unknown>;
  if (dataLayer !== undefined && typeof dataLayer !== 'boolean') return fault('dataLayer must be true or false.');
  if (onEvent !== undefined && typeof onEvent !== 'function') return fault('onEvent must be a function.');
  const bound = typeof queueUntilConsent === 'number' && Number.isInteger(queueUntilConsent) && queueUntilConsent > 0 && queueUntilConsent <= MAX_QUEUE;
  if (queueUntilConsent !== undefined && typeof queueUntilConsent !== 'boolean' && !bound) {
    return fault(`queueUntilConsent must be true, false or a whole number from 1 to ${MAX_QUEUE}.`);
  }
  return value as AnalyticsSettings;
}

function validConsent(value: unknown): ConsentSettings | null | undefined {
  if (value === undefined || value === null) return undefined;
  const analytics = typeof value === 'object' ? (value as Record<string, unknown>)['analytics'] : value;
  if (analytics === undefined || typeof analytics === 'boolean') return { analytics };
  console.error('storefront-widgets: configure({ consent }) ignored: expected { analytics: true } or { analytics: false }.');
  return null;
}

/**
 * Installs the checks in the page's analytics state (unless a copy of the library did
 * already) and applies what waited for them, in the order it was given.
 */
export function installAnalyticsSettings(state: AnalyticsState): void {
  state.apply ??= (input: AnalyticsInput) => {
    let changed = false;
    if ('analytics' in input) {
      const analytics = validAnalytics(input.analytics);
      if (analytics !== null) {
        state.analytics = analytics;
        changed = true;
      }
    }
    if ('consent' in input) {
      const consent = validConsent(input.consent);
      if (consent !== null) {
        state.consent = consent;
        changed = true;
      }
    }
    if (changed) for (const listener of state.listeners) listener();
  };
  const queued = state.queued ?? [];
  state.queued = [];
  for (const input of queued) state.apply(input);
}
