/**
 * The built site's links: every `href` and `src` of its HTML that stays on the site leads
 * to a file, and a `#fragment` to an id of that page.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

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
        problems.push(`${page}: ${url} leads nowhere`);
        continue;
      }
      if (fragment && target.endsWith('.html') && !idsOf(target).has(decodeURIComponent(fragment))) problems.push(`${page}: ${url} names no id of ${relative(site, target)}`);
    }
  }
  return problems;
}
