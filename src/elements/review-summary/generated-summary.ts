import { css, html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Localizer } from '../../i18n/localize.js';

/**
 * The automatically generated text summary, clamped to a fixed number of lines
 * (`--svc-review-summary-lines`, 4) with a "Read more" toggle. The clamped box always
 * takes those lines, however short or long the text, and the toggle's row is always
 * laid out (hidden while the text fits), so the space the loading state reserves is
 * exactly the space the summary takes: nothing below it moves when it arrives.
 */
export class ClampController implements ReactiveController {
  /** Whether the shopper opened the whole text. */
  expanded = false;
  /** Whether the clamped text has more than fits (measured after layout, never during an update). */
  overflows = false;

  private observer: ResizeObserver | undefined;
  private observed: Element | null = null;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly text: () => Element | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.observed = null;
  }

  hostDisconnected(): void {
    this.connected = false;
    this.observer?.disconnect();
    this.observer = undefined;
    this.observed = null;
  }

  hostUpdated(): void {
    const text = this.text();
    if (text === this.observed || !this.connected) return;
    // Created with the first text to clamp: a badge, or a summary without one, needs none.
    if (text) this.observer ??= new ResizeObserver(() => this.measure());
    if (this.observed) this.observer?.unobserve(this.observed);
    if (text) this.observer?.observe(text);
    this.observed = text;
  }

  readonly toggle = (): void => {
    this.expanded = !this.expanded;
    this.host.requestUpdate();
  };

  /** Runs in the ResizeObserver's turn, when layout is already done: reading sizes costs nothing then. */
  private measure(): void {
    const text = this.observed;
    if (!text || this.expanded) return;
    const overflows = text.scrollHeight > text.clientHeight + 1;
    if (overflows === this.overflows) return;
    this.overflows = overflows;
    // Only the toggle's visibility changes: no size, so no observer loop.
    this.host.requestUpdate();
  }
}

/**
 * The summary's block; with `text` undefined, the same block empty (for the loading
 * state's invisible copy of the layout).
 */
export function renderGeneratedSummary(summary: { text: string; language?: string | undefined } | undefined, localizer: Localizer, clamp: ClampController): TemplateResult {
  const expanded = clamp.expanded && summary !== undefined;
  return html`<div class="generated" part="generated-summary">
    <p class="generated-text ${expanded ? 'expanded' : ''}" id="generated-text" lang=${summary?.language ?? nothing} dir="auto">${summary?.text ?? ''}</p>
    <div class="generated-foot">
      <p class="generated-note">${localizer.t('reviews.generatedSummary')}</p>
      <button
        part="read-more"
        class="link-button read-more ${summary !== undefined && (clamp.overflows || expanded) ? '' : 'concealed'}"
        type="button"
        aria-expanded=${expanded ? 'true' : 'false'}
        aria-controls="generated-text"
        @click=${clamp.toggle}
      >
        ${localizer.t(expanded ? 'reviews.readLess' : 'reviews.readMore')}
      </button>
    </div>
  </div>`;
}

export const generatedSummaryStyles = css`
  :host {
    --svc-review-summary-lines: 4;
    --_summary-lines: var(--svc-review-summary-lines);
  }
  .generated {
    margin: 0;
    padding: 0.875em 1em;
    border-inline-start: 3px solid var(--_star-color);
    border-start-end-radius: var(--_radius);
    border-end-end-radius: var(--_radius);
    background: var(--_selected-bg);
  }
  .generated p {
    margin: 0;
    line-height: 1.5;
  }
  .generated-text {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: var(--_summary-lines);
    line-clamp: var(--_summary-lines);
    overflow: hidden;
    /* Always the full number of lines: a short text takes the same height as a long one. */
    block-size: calc(var(--_summary-lines) * 1.5em);
  }
  .generated-text.expanded {
    display: block;
    -webkit-line-clamp: unset;
    line-clamp: none;
    overflow: visible;
    block-size: auto;
    min-block-size: calc(var(--_summary-lines) * 1.5em);
  }
  .generated-foot {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 0.25em 1em;
    margin-block-start: 0.375em;
  }
  .generated .generated-note {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .read-more {
    font-size: 0.875em;
    font-weight: 600;
  }
  .read-more.concealed {
    visibility: hidden;
  }
`;
