/**
 * Reading the elements' enumerated and numeric attributes: an unknown or unreadable
 * value falls back to the default with one console warning per distinct problem, so a
 * re-render never floods the console.
 */

const warned = new Set<string>();

/** Warns once per distinct message, prefixed with the library and the element's tag. */
export function warnOnce(tag: `svc-${string}`, message: string): void {
  const text = `storefront-widgets: <${tag}> ${message}`;
  if (warned.has(text)) return;
  warned.add(text);
  console.warn(text);
}

/** `value` when it is one of `allowed` (case and surrounding spaces ignored), else `fallback`; a blank value is the default, silently. */
export function pickOption<T extends string>(tag: `svc-${string}`, attribute: string, value: string | null | undefined, allowed: readonly T[], fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  const lower = String(value).trim().toLowerCase() as T;
  if (allowed.includes(lower)) return lower;
  warnOnce(tag, `${attribute}="${value}" is not one of ${allowed.join(', ')}; using "${fallback}".`);
  return fallback;
}

/** A whole number clamped to `min..max`; a missing value gives `fallback`, an unreadable one too, with a warning. */
export function clampInteger(tag: `svc-${string}`, attribute: string, value: string | number | null | undefined, min: number, max: number, fallback: number): number {
  if (value === null || value === undefined || value === '') return fallback;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(number)) {
    warnOnce(tag, `${attribute}="${value}" is not a number; using ${fallback}.`);
    return fallback;
  }
  const clamped = Math.min(max, Math.max(min, Math.round(number)));
  if (clamped !== number) warnOnce(tag, `${attribute}="${value}" is outside ${min}..${max} (or not whole); using ${clamped}.`);
  return clamped;
}
