/**
 * `<docs-code>`: a highlighted code block with a label and a copy button. The code comes
 * from the `code` property, or else from the element's own text (indentation removed).
 */
import { css, html, LitElement, svg } from 'lit';
import { highlight, type Language } from './highlight.ts';

/** Removes the common indentation and the blank first and last lines of a text written inside HTML. */
export function dedent(text: string): string {
  const lines = text.replace(/^\s*\n/, '').replace(/\n\s*$/, '').split('\n');
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => /^\s*/.exec(line)![0].length));
  return lines.map((line) => line.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}

/** Copies text, with the old `execCommand` route where the Clipboard API is refused. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export class DocsCode extends LitElement {
  static override properties = {
    code: { attribute: false },
    language: {},
    label: {},
    copied: { state: true },
  };

  static override styles = css`
    :host {
      display: block;
      margin: 1rem 0;
      border-radius: var(--docs-radius, 10px);
      background: #0f172a;
      color: #e2e8f0;
      overflow: hidden;
      font-size: 0.8125rem;
    }
    header {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: 0.5rem;
      padding: 0.25rem 0.25rem 0.25rem 1rem;
      background: #1e293b;
      color: #cbd5e1;
      font: 500 0.75rem/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
      letter-spacing: 0.02em;
    }
    button {
      display: inline-flex;
      align-items: center;
      gap: 0.35rem;
      min-height: 32px;
      padding: 0 0.75rem;
      border: 1px solid #475569;
      border-radius: 6px;
      background: transparent;
      color: #f1f5f9;
      font: inherit;
      cursor: pointer;
    }
    button:hover {
      background: #334155;
    }
    button:focus-visible {
      outline: 2px solid #93c5fd;
      outline-offset: 2px;
    }
    .visually-hidden {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    svg {
      width: 14px;
      height: 14px;
    }
    pre {
      margin: 0;
      padding: 1rem;
      overflow: auto;
      max-height: var(--docs-code-max-height, 28rem);
      font: 0.8125rem/1.6 ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, monospace;
      tab-size: 2;
    }
    pre:focus-visible {
      outline: 2px solid #93c5fd;
      outline-offset: -2px;
    }
    .tag {
      color: #93c5fd;
    }
    .attr,
    .prop {
      color: #fcd34d;
    }
    .string {
      color: #86efac;
    }
    .comment {
      color: #94a3b8;
      font-style: italic;
    }
    .keyword,
    .command {
      color: #f0abfc;
    }
    .number {
      color: #fdba74;
    }
    .punct {
      color: #cbd5e1;
    }
    .selector {
      color: #93c5fd;
    }
    @media (forced-colors: active) {
      :host {
        border: 1px solid CanvasText;
      }
    }
  `;

  /** The code to show; without it, the element's own text. */
  code = '';
  language: Language = 'text';
  /** The label in the block's header (defaults to the language). */
  label = '';
  private copied = false;
  private resetTimer: number | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.code && this.textContent?.trim()) this.code = dedent(this.textContent);
  }

  private async copy(): Promise<void> {
    this.copied = await copyText(this.code);
    window.clearTimeout(this.resetTimer);
    this.resetTimer = window.setTimeout(() => (this.copied = false), 2000);
  }

  override render() {
    const tokens = highlight(this.code, this.language);
    return html`
      <header>
        <span>${this.label || this.language.toUpperCase()}</span>
        <button type="button" @click=${() => void this.copy()} aria-label=${this.copied ? 'Copied' : `Copy the ${this.language === 'text' ? '' : `${this.language.toUpperCase()} `}code`}>
          <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
            ${this.copied
              ? svg`<path d="M20 6 9 17l-5-5"></path>`
              : svg`<rect x="9" y="9" width="12" height="12" rx="2"></rect><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"></path>`}
          </svg>
          <span aria-hidden="true">${this.copied ? 'Copied' : 'Copy'}</span>
        </button>
        <span class="visually-hidden" role="status">${this.copied ? 'Copied to the clipboard' : ''}</span>
      </header>
      <pre tabindex="0"><code>${tokens.map((token) => (token.kind ? html`<span class=${token.kind}>${token.text}</span>` : token.text))}</code></pre>
    `;
  }
}

customElements.define('docs-code', DocsCode);

declare global {
  interface HTMLElementTagNameMap {
    'docs-code': DocsCode;
  }
}
