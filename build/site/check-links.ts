/**
 * The built site's links: every `href` and `src` of its HTML that stays on the site leads
 * to a file, and a `#fragment` to an id of that page. Pages that other branches bring
 * (build/docs/pending.ts) may be missing until they are merged.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { PAGES_FROM_OTHER_BRANCHES } from '../docs/pending.ts';
import { outputOf } from './render.ts';

const pending = new Set(PAGES_FROM_OTHER_BRANCHES.map((page) => outputOf(page)));

export function checkLinks(site: string): string[] {
  const problems: string[] = [];
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    let found = ids.get(file);
    if (!found) ids.set(file, (found = new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!))));
    return found;
  };
  const pages = readdirSync(site, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  for (const page of pages) {
    const file = join(site, page);
    const html = readFileSync(file, 'utf8');
    for (const [, url] of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      if (/^([a-z]+:|\/\/)/.test(url!)) continue;
      const [path, fragment] = url!.split('#') as [string, string | undefined];
      let target = path === '' ? file : resolve(dirname(file), path.split('?')[0]!);
      if (existsSync(target) && statSync(target).isDirectory()) target = join(target, 'index.html');
      if (!existsSync(target)) {
        if (!pending.has(relative(site, target))) problems.push(`${page}: ${url} leads nowhere`);
        continue;
      }
      if (fragment && target.endsWith('.html') && !idsOf(target).has(decodeURIComponent(fragment))) problems.push(`${page}: ${url} names no id of ${relative(site, target)}`);
    }
  }
  return problems;
}
