/** The docs' code blocks marked `<!-- recipe: name -->`, for Vitest and Playwright alike. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

/** The code of the block marked `<!-- recipe: name -->` in `page` (a path under docs/, or README.md). */
export function recipe(page: string, name: string): string {
  const text = readFileSync(resolve(root, page === 'README.md' ? page : `docs/${page}`), 'utf8');
  const match = new RegExp(`<!-- recipe: ${name} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\``).exec(text);
  if (!match) throw new Error(`${page} has no block marked <!-- recipe: ${name} -->`);
  return match[1]!;
}
