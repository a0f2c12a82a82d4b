/** Watches the JSON-LD that `<svc-rich-snippet>` writes into `document.head`. */

export interface HeadSnippet {
  /** The script's `data-svc-rich-snippet` (the product ref). */
  product: string;
  /** The script's text, as the element wrote it. */
  text: string;
  /** The same JSON, indented (or the text itself when it does not parse). */
  pretty: string;
  data: Record<string, unknown> | undefined;
}

const SELECTOR = 'script[type="application/ld+json"][data-svc-rich-snippet]';

/** Every snippet script in the head now. */
export function headSnippets(): HeadSnippet[] {
  return [...document.head.querySelectorAll<HTMLScriptElement>(SELECTOR)].map((script) => {
    const text = script.textContent ?? '';
    let data: Record<string, unknown> | undefined;
    let pretty = text;
    try {
      data = JSON.parse(text) as Record<string, unknown>;
      pretty = JSON.stringify(data, null, 2);
    } catch {
      // shown as written
    }
    return { product: script.dataset['svcRichSnippet'] ?? '', text, pretty, data };
  });
}

/** Calls `onChange` now and whenever a snippet script is added, changed or removed. */
export function watchHeadSnippets(onChange: (snippets: HeadSnippet[]) => void): () => void {
  const observer = new MutationObserver(() => onChange(headSnippets()));
  observer.observe(document.head, { childList: true, subtree: true, characterData: true, attributes: true });
  onChange(headSnippets());
  return () => observer.disconnect();
}
