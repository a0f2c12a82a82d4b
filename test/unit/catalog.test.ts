import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ELEMENTS, elementName } from '../../src/elements/catalog.ts';

/**
 * The one table of public elements (src/elements/catalog.ts) against everything that
 * names them by hand: each element's registration module, `register`, the React
 * wrappers and package.json's exports. (The build's entries and the script tag's loader
 * read the table itself; the manifest is checked on the built files, in
 * test/e2e/dist-files.spec.ts.)
 */
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const tags = ELEMENTS.map((entry) => entry.tag);
/** Elements the library registers for its own use, never placed by a page. */
const INTERNAL = ['svc-post-lightbox'];

describe('the element table', () => {
  it.each(tags)('%s has its folder and a registration module that defines that tag', (tag) => {
    const path = `src/elements/${elementName(tag)}/${tag}.ts`;
    expect(existsSync(new URL(`../../${path}`, import.meta.url)), path).toBe(true);
    expect(read(path)).toContain(`defineElement('${tag}',`);
  });

  it('names every tag the library defines, but its internal ones', () => {
    const defined = new Set<string>();
    for (const folder of readdirSync(new URL('../../src/elements/', import.meta.url), { withFileTypes: true })) {
      if (!folder.isDirectory()) continue;
      for (const file of readdirSync(new URL(`../../src/elements/${folder.name}/`, import.meta.url))) {
        if (!file.endsWith('.ts')) continue;
        for (const match of read(`src/elements/${folder.name}/${file}`).matchAll(/defineElement\('(svc-[\w-]+)'/g)) defined.add(match[1]!);
      }
    }
    expect([...defined].filter((tag) => !INTERNAL.includes(tag)).sort()).toEqual([...tags].sort());
  });

  it('register imports each registration module, and no other', () => {
    const imported = [...read('src/register.ts').matchAll(/import '\.\/elements\/([\w-]+)\/(svc-[\w-]+)\.js';/g)].map((match) => match[2]);
    expect(imported.sort()).toEqual([...tags].sort());
  });

  it("<WidgetHost>'s module table names each element's registration module under its tag, and no other", () => {
    // Each a literal import(), for the app's bundler to make each element a chunk of its own.
    const modules = [...read('src/react/element-modules.ts').matchAll(/'(svc-[\w-]+)': \(\) => import\('\.\.\/elements\/([\w-]+)\/(svc-[\w-]+)\.js'\)/g)].map((match) => [match[1], `${match[2]}/${match[3]}`]);
    expect(Object.fromEntries(modules)).toEqual(Object.fromEntries(tags.map((tag) => [tag, `${elementName(tag)}/${tag}`])));
  });

  it('the React entry has one wrapper per element, named as in the table', () => {
    const source = read('src/react.ts');
    const wrappers = [...source.matchAll(/export const (\w+) = wrap\(\{\s*react: React,\s*tagName: '(svc-[\w-]+)'/g)].map((match) => [match[2], match[1]]);
    expect(Object.fromEntries(wrappers)).toEqual(Object.fromEntries(ELEMENTS.map((entry) => [entry.tag, entry.react])));
  });

  it("package.json exports one subpath per element, to its registration module and types, and its server build under the server runtimes' conditions", () => {
    const { exports } = JSON.parse(read('package.json')) as { exports: Record<string, unknown> };
    const elementPaths = Object.entries(exports).filter(([, target]) => typeof target === 'object' && target !== null && String((target as { default: string }).default).startsWith('./dist/elements/'));
    expect(Object.fromEntries(elementPaths)).toEqual(
      Object.fromEntries(
        ELEMENTS.map(({ tag }) => [
          `./${elementName(tag)}`,
          {
            types: `./dist/types/elements/${elementName(tag)}/${tag}.d.ts`,
            ...Object.fromEntries(['workerd', 'worker', 'edge-light'].map((condition) => [condition, `./dist/server/${tag}.js`])),
            default: `./dist/elements/${elementName(tag)}/${tag}.js`,
          },
        ]),
      ),
    );
  });
});
