/**
 * The live examples' controls (segmented radio groups, selects, switches), the
 * "paste this into your theme" snippet, and `<docs-event-log>`, which lists the events an
 * example's element dispatches (their names read from custom-elements.json).
 */
import { html, LitElement, nothing, render, type TemplateResult } from 'lit';
import { apiBase, CDN_URL, DEMO_KEY, YOUR_KEY, type Market } from './env.ts';
import { elementDoc } from './manifest.ts';

export interface Option<T extends string = string> {
  value: T;
  label: string;
}

/** A row of radio buttons styled as a segmented control. */
export function segmented<T extends string>(label: string, name: string, options: readonly Option<T>[], value: T, onChange: (value: T) => void): TemplateResult {
  return html`
    <fieldset class="control segmented">
      <legend>${label}</legend>
      <div class="segments">
        ${options.map(
          (option) => html`
            <label>
              <input type="radio" name=${name} .value=${option.value} .checked=${option.value === value} @change=${() => onChange(option.value)} />
              <span>${option.label}</span>
            </label>
          `,
        )}
      </div>
    </fieldset>
  `;
}

/** A labelled `<select>`. */
export function select<T extends string>(label: string, options: readonly Option<T>[], value: T, onChange: (value: T) => void): TemplateResult {
  return html`
    <label class="control select">
      <span class="control-label">${label}</span>
      <select @change=${(event: Event) => onChange((event.target as HTMLSelectElement).value as T)}>
        ${options.map((option) => html`<option .value=${option.value} ?selected=${option.value === value}>${option.label}</option>`)}
      </select>
    </label>
  `;
}

/** A labelled checkbox shown as a switch. */
export function toggle(label: string, checked: boolean, onChange: (checked: boolean) => void): TemplateResult {
  return html`
    <label class="control switch">
      <input type="checkbox" role="switch" .checked=${checked} @change=${(event: Event) => onChange((event.target as HTMLInputElement).checked)} />
      <span>${label}</span>
    </label>
  `;
}

/** One element of a snippet: its tag and the attributes chosen (`true`: a boolean attribute; `undefined`/`false`: left out). */
export interface SnippetElement {
  tag: string;
  attributes: Record<string, string | boolean | undefined>;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function elementHtml(element: SnippetElement, indent: string): string {
  const attributes = Object.entries(element.attributes)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([name, value]) => (value === true ? name : `${name}="${escapeAttribute(value as string)}"`));
  const line = `${indent}<${element.tag}${attributes.map((a) => ` ${a}`).join('')}></${element.tag}>`;
  if (line.length <= 72 || attributes.length < 2) return line;
  // Long: one attribute a line, as a formatter would.
  return [`${indent}<${element.tag}`, ...attributes.map((a) => `${indent}  ${a}`), `${indent}></${element.tag}>`].join('\n');
}

/**
 * The HTML a shop pastes into its theme: the script-tag build and the elements with the
 * attributes the visitor chose, inside a `<svc-storefront>` with a placeholder key.
 */
export function themeSnippet(market: Market, elements: SnippetElement[], options: { script?: boolean } = {}): string {
  const lines = [
    ...(options.script === false ? [] : [`<script src="${CDN_URL}" defer></script>`, '']),
    `<svc-storefront publishable-key="${YOUR_KEY}" market="${market}">`,
    ...elements.map((element) => elementHtml(element, '  ')),
    '</svc-storefront>',
  ];
  return lines.join('\n');
}

/** The "paste this into your theme" block under an example. */
export function snippetBlock(code: string): TemplateResult {
  return html`<docs-code class="snippet" language="html" label="Paste this into your theme" .code=${code}></docs-code>`;
}

interface Logged {
  at: string;
  name: string;
  summary: string;
}

function brief(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return `[${value.length}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record['code'] === 'string') return `${typeof record['name'] === 'string' ? record['name'] : 'Error'} (${record['code']})`;
    if (typeof record['title'] === 'string') return `“${record['title']}”`;
    if (typeof record['id'] === 'string') return record['id'];
    if ('productRef' in record) return `{productRef: ${JSON.stringify(record['productRef'])}}`;
    return `{${Object.keys(record).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** `detail` in a line: each member, objects by their title or id. */
export function summarize(detail: unknown): string {
  if (detail === null || typeof detail !== 'object') return detail === undefined ? '' : brief(detail);
  return Object.entries(detail as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${brief(value)}`)
    .join(', ');
}

/** Lists the events (from the manifest) that reach the nearest `.example` around it. */
export class DocsEventLog extends LitElement {
  static override properties = { tag: {}, entries: { state: true }, names: { state: true } };
  tag = '';
  private entries: Logged[] = [];
  private names: string[] = [];
  private target: Element | null = null;
  private readonly onEvent = (event: Event) => {
    const detail = (event as CustomEvent).detail as unknown;
    const time = new Date().toLocaleTimeString('en-GB', { hour12: false });
    this.entries = [{ at: time, name: event.type, summary: summarize(detail) }, ...this.entries].slice(0, 6);
  };

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.target = this.closest('.example') ?? this.parentElement;
    void elementDoc(this.tag).then((doc) => {
      this.names = (doc?.events ?? []).map((e) => e.name);
      for (const name of this.names) this.target?.addEventListener(name, this.onEvent);
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const name of this.names) this.target?.removeEventListener(name, this.onEvent);
  }

  override render() {
    return html`
      <div class="event-log">
        <p class="event-log-title">
          Events <span class="muted">${this.names.length ? html`(listening for ${this.names.join(', ')})` : nothing}</span>
        </p>
        <ol aria-live="polite">
          ${this.entries.length === 0
            ? html`<li class="muted">None yet. Use the example above.</li>`
            : this.entries.map((e) => html`<li><time>${e.at}</time> <code>${e.name}</code> <span class="detail">${e.summary}</span></li>`)}
        </ol>
      </div>
    `;
  }
}

customElements.define('docs-event-log', DocsEventLog);

declare global {
  interface HTMLElementTagNameMap {
    'docs-event-log': DocsEventLog;
  }
}

/**
 * Renders a live example into `#id` from a state object; `set` merges a change and
 * renders again (Lit updates only the attributes that changed).
 */
export function live<S extends object>(id: string, initial: S, view: (state: S, set: (patch: Partial<S>) => void) => TemplateResult): void {
  const host = document.getElementById(id);
  if (!host) return;
  let state = initial;
  const set = (patch: Partial<S>) => {
    state = { ...state, ...patch };
    render(view(state, set), host);
  };
  render(view(state, set), host);
}

/** The demo's `<svc-storefront>`: the emulator's demo key, a market, and the emulator's origin (known at runtime only). */
export function demoStorefront(market: Market, content: TemplateResult): TemplateResult {
  return html`<svc-storefront publishable-key=${DEMO_KEY} market=${market} api-base=${apiBase}>${content}</svc-storefront>`;
}

let toastTimer: number | undefined;

/** A short message at the bottom of the screen (announced politely). */
export function toast(message: string): void {
  let host = document.getElementById('docs-toast');
  if (!host) {
    host = document.createElement('div');
    host.id = 'docs-toast';
    host.className = 'toast';
    host.setAttribute('role', 'status');
    document.body.append(host);
  }
  host.textContent = message;
  host.classList.add('visible');
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => host.classList.remove('visible'), 4000);
}

/**
 * Keeps the demo on its page when a shopper picks a product (the emulator's product
 * URLs lead nowhere): cancels `svc-product-select` below `root` and says what a theme
 * would do instead.
 */
export function stayOnPage(root: Element | Document = document): void {
  root.addEventListener('svc-product-select', (event) => {
    const { product } = (event as CustomEvent<{ product: { title: string } }>).detail;
    event.preventDefault();
    toast(`svc-product-select: “${product.title}”. The demo cancelled it to stay here; a theme could add it to the cart instead.`);
  });
}

/** A labelled colour picker. */
export function colour(label: string, value: string, onChange: (value: string) => void): TemplateResult {
  return html`
    <label class="control colour">
      <span class="control-label">${label}</span>
      <span class="colour-field">
        <input type="color" .value=${value} @input=${(event: Event) => onChange((event.target as HTMLInputElement).value)} />
        <code>${value}</code>
      </span>
    </label>
  `;
}

/** A labelled range slider showing its value. */
export function range(label: string, value: number, min: number, max: number, unit: string, onChange: (value: number) => void): TemplateResult {
  return html`
    <label class="control range">
      <span class="control-label">${label}</span>
      <span class="range-field">
        <input type="range" min=${min} max=${max} .value=${String(value)} @input=${(event: Event) => onChange(Number((event.target as HTMLInputElement).value))} />
        <code>${value}${unit}</code>
      </span>
    </label>
  `;
}
