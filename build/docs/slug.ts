/**
 * Heading ids as a code host makes them (GitHub's rule: lower case, punctuation dropped,
 * spaces to hyphens, repeats numbered), so that a `#fragment` works on the code host and
 * in the built site alike.
 */
export function slugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = text
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

/** The text of a Markdown heading as the page shows it (code spans and links as their text). */
export const headingText = (markdown: string) => markdown.replace(/`([^`]*)`/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*\*?([^*]+)\*\*?/g, '$1');

/** The ids of a Markdown page's headings (code blocks left out). */
export function headingIds(markdown: string): Set<string> {
  const slug = slugger();
  const ids = new Set<string>();
  for (const [, text] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) ids.add(slug(headingText(text!)));
  return ids;
}
