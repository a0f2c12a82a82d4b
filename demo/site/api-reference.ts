/**
 * `<docs-api tag="svc-…">`: an element's reference (attributes, properties, events,
 * slots, CSS parts, CSS custom properties) and `<docs-description tag="svc-…">`: its
 * description, both read from custom-elements.json at runtime. Rendered into the light
 * DOM so the site's table styles apply.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { elementDoc, MANIFEST_HELP, type ElementDeclaration, type ManifestEvent, type ManifestMember } from './manifest.ts';
import { inline, paragraphs } from './markdown.ts';

const cleanType = (text: string | undefined) => (text ? text.replace(/\s*\|\s*undefined\b/g, '').trim() : '');

/**
 * An event's `detail`, from its declared type or from the `detail: {…}` its description
 * names (then taken out of the description, with a parenthesis right after it as a note).
 */
export function eventDetail(event: ManifestEvent): { detail: string; note: string; description: string } {
  const description = event.description ?? '';
  const typed = event.type?.text;
  if (typed && typed !== 'CustomEvent' && typed !== 'Event') return { detail: typed, note: '', description };
  const match = /\s*`detail`?\s*:?\s*`?\s*(\{[^`]*\})\s*`(\s*\(([^)]*)\))?/.exec(description);
  if (!match) return { detail: '', note: '', description };
  const rest = (description.slice(0, match.index) + description.slice(match.index + match[0].length))
    .replace(/;\s*\./g, '.')
    .replace(/\.\s*\./g, '.')
    .replace(/\.\s*;\s*(\w)/g, (_, letter: string) => `. ${letter.toUpperCase()}`)
    .trim();
  return { detail: match[1]!.trim(), note: match[3]?.trim() ?? '', description: rest };
}

const code = (text: string | undefined) => (text ? html`<code>${text}</code>` : html`<span class="muted">—</span>`);
const pill = (text: string) => html`<span class="pill">${text}</span>`;

/** A table whose cells are labelled for the stacked layout on narrow screens. */
function table(caption: string, heads: string[], rows: (TemplateResult | string | typeof nothing)[][]): TemplateResult {
  return html`
    <div class="table-wrap">
      <table class="api-table">
        <caption class="visually-hidden">${caption}</caption>
        <thead>
          <tr>
            ${heads.map((head) => html`<th scope="col">${head}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${rows.map((cells) => html`<tr>${cells.map((cell, i) => html`<td data-label=${heads[i]!}><div class="cell">${cell}</div></td>`)}</tr>`)}
        </tbody>
      </table>
    </div>
  `;
}

/** Which sections to show (all by default) and the level of their headings. */
interface Options {
  only: Set<string> | undefined;
  level: 3 | 4;
}

function section(options: Options, key: string, id: string, title: string, count: number, body: () => TemplateResult, none: string): TemplateResult | typeof nothing {
  if (options.only && !options.only.has(key)) return nothing;
  const heading = html`${title} ${count > 0 ? html`<span class="count">${count}</span>` : nothing}`;
  return html`
    <section class="api-section" aria-labelledby=${id}>
      ${options.level === 3 ? html`<h3 id=${id}>${heading}</h3>` : html`<h4 id=${id}>${heading}</h4>`}
      ${count > 0 ? body() : html`<p class="muted">${none}</p>`}
    </section>
  `;
}

function reference(tag: string, doc: ElementDeclaration, options: Options): TemplateResult {
  const attributes = [...(doc.attributes ?? [])].sort((a, b) => Number(Boolean(a.inheritedFrom)) - Number(Boolean(b.inheritedFrom)));
  const publicField = (m: ManifestMember) => m.kind === 'field' && !m.static && (m.privacy === undefined || m.privacy === 'public');
  const properties = (doc.members ?? []).filter((m) => publicField(m) && !m.attribute);
  const reflects = new Set((doc.members ?? []).filter((m) => m.reflects).map((m) => m.attribute));
  const events = doc.events ?? [];
  const slots = doc.slots ?? [];
  const parts = doc.cssParts ?? [];
  const cssProps = doc.cssProperties ?? [];
  const id = (name: string) => `${tag}-${name}`;

  return html`
    ${section(
      options,
      'attributes',
      id('attributes'),
      'Attributes',
      attributes.length,
      () =>
        table(
          `Attributes of <${tag}>`,
          ['Attribute', 'Type', 'Default', 'Description'],
          attributes.map((a) => [
            html`<code class="name">${a.name}</code>${a.fieldName && a.fieldName !== a.name ? html`<div class="sub">property <code>${a.fieldName}</code></div>` : nothing}
              ${reflects.has(a.name) ? pill('reflects') : nothing} ${a.inheritedFrom ? pill('every element') : nothing}`,
            code(cleanType(a.type?.text)),
            code(a.default),
            html`${inline(a.description ?? '')}`,
          ]),
        ),
      'This element has no attributes.',
    )}
    ${section(
      options,
      'properties',
      id('properties'),
      'Properties without an attribute',
      properties.length,
      () =>
        table(
          `Properties of <${tag}> that have no attribute`,
          ['Property', 'Type', 'Default', 'Description'],
          properties.map((p) => [
            html`<code class="name">${p.name}</code> ${p.readonly ? pill('read-only') : nothing} ${p.inheritedFrom ? pill('every element') : nothing}`,
            code(cleanType(p.type?.text)),
            code(p.default),
            html`${inline(p.description ?? '')}`,
          ]),
        ),
      'Every property has an attribute (see above).',
    )}
    ${section(
      options,
      'events',
      id('events'),
      'Events',
      events.length,
      () =>
        table(
          `Events of <${tag}>`,
          ['Event', 'Detail', 'Description'],
          events.map((e) => {
            const { detail, note, description } = eventDetail(e);
            return [
              html`<code class="name">${e.name}</code>`,
              html`${code(detail)}${note ? html`<div class="sub">${inline(note)}</div>` : nothing}`,
              html`${inline(description)}`,
            ];
          }),
        ),
      'This element dispatches no events.',
    )}
    ${section(
      options,
      'slots',
      id('slots'),
      'Slots',
      slots.length,
      () =>
        table(
          `Slots of <${tag}>`,
          ['Slot', 'Description'],
          slots.map((s) => [s.name ? html`<code class="name">${s.name}</code>` : html`<span class="muted">(default)</span>`, html`${inline(s.description ?? '')}`]),
        ),
      'This element has no slots.',
    )}
    ${section(
      options,
      'parts',
      id('parts'),
      'CSS parts',
      parts.length,
      () =>
        table(
          `CSS parts of <${tag}>`,
          ['Part', 'Description'],
          parts.map((p) => [html`<code class="name">${p.name}</code>`, html`${inline(p.description ?? '')}`]),
        ),
      'This element has no CSS parts.',
    )}
    ${section(
      options,
      'css-properties',
      id('css-properties'),
      'CSS custom properties',
      cssProps.length,
      () =>
        table(
          `CSS custom properties of <${tag}>`,
          ['Property', 'Default', 'Description'],
          cssProps.map((p) => [html`<code class="name">${p.name}</code>`, code(p.default), html`${inline(p.description ?? '')}`]),
        ),
      'This element has no CSS custom properties.',
    )}
  `;
}

/** A callout saying how to generate the manifest. */
const missing = () => html`<div class="callout callout-warning" role="note"><p>${inline(MANIFEST_HELP)}</p></div>`;

abstract class ManifestView extends LitElement {
  static override properties = { tag: {}, only: {}, level: { type: Number }, doc: { state: true }, loaded: { state: true } };
  tag = '';
  /** Space-separated sections to show: attributes, properties, events, slots, parts, css-properties. */
  only = '';
  /** Heading level of the sections (3 or 4). */
  level = 3;
  protected doc: ElementDeclaration | undefined;
  protected loaded = false;

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void elementDoc(this.tag).then(
      (doc) => {
        this.doc = doc;
        this.loaded = true;
      },
      () => (this.loaded = true),
    );
  }
}

export class DocsApi extends ManifestView {
  override render() {
    if (!this.loaded) return html`<p class="muted">Reading custom-elements.json…</p>`;
    const only = this.only.trim() ? new Set(this.only.trim().split(/\s+/)) : undefined;
    return this.doc ? reference(this.tag, this.doc, { only, level: this.level === 4 ? 4 : 3 }) : missing();
  }
}

/** The element's description from its JSDoc (the reference's prose). */
export class DocsDescription extends ManifestView {
  override render() {
    if (!this.loaded) return nothing;
    return this.doc ? paragraphs(this.doc.description) : missing();
  }
}

/** The element's one-line summary (`@summary`). */
export class DocsSummary extends ManifestView {
  override render() {
    if (!this.loaded) return nothing;
    return this.doc ? inline(this.doc.summary ?? '') : nothing;
  }
}

customElements.define('docs-api', DocsApi);
customElements.define('docs-description', DocsDescription);
customElements.define('docs-summary', DocsSummary);

declare global {
  interface HTMLElementTagNameMap {
    'docs-api': DocsApi;
    'docs-description': DocsDescription;
    'docs-summary': DocsSummary;
  }
}
