/**
 * The little Markdown the elements' JSDoc uses (`code`, **bold**, blank-line paragraphs),
 * rendered as Lit templates: every piece of text stays text.
 */
import { html, type TemplateResult } from 'lit';

/** One line or paragraph with `code` spans and **bold** runs. */
export function inline(text: string): (TemplateResult | string)[] {
  const out: (TemplateResult | string)[] = [];
  // Backtick spans first (their content is literal), then bold in the text between.
  const parts = text.split(/(`[^`]+`)/);
  for (const part of parts) {
    if (part.length > 1 && part.startsWith('`') && part.endsWith('`')) {
      out.push(html`<code>${part.slice(1, -1)}</code>`);
      continue;
    }
    const bolds = part.split(/(\*\*[^*]+\*\*)/);
    for (const piece of bolds) {
      if (piece.length > 4 && piece.startsWith('**') && piece.endsWith('**')) out.push(html`<strong>${piece.slice(2, -2)}</strong>`);
      else if (piece) out.push(piece);
    }
  }
  return out;
}

/** Paragraphs separated by blank lines, each with inline Markdown; single line breaks are spaces. */
export function paragraphs(text: string | undefined): TemplateResult[] {
  if (!text) return [];
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .map((paragraph) => html`<p>${inline(paragraph)}</p>`);
}
