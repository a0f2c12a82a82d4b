import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** The settings an element reads with, as `renderWidgets` takes them. */
export interface Settings {
  publishableKey: string;
  market: string;
  apiBase?: string | undefined;
}

/** A `svc-*` element of a fragment: its tag, attributes, settings, and where its start tag ends. */
export interface FoundElement {
  tag: string;
  attributes: ReadonlyMap<string, string>;
  settings: Settings;
  /** Offset in the fragment just after the start tag, where the server's markup goes. */
  insertAt: number;
}

/** An attribute's value as markup, in double quotes. */
export const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const SETTINGS = [
  ['publishableKey', 'publishable-key'],
  ['market', 'market'],
  ['apiBase', 'api-base'],
] as const;

/** An element's own setting (a non-empty attribute), else its nearest `<svc-storefront>`'s, else the defaults: as in the browser (settings.ts). */
function settingsOf(attributes: ReadonlyMap<string, string>, context: Settings): Settings {
  const resolved = { ...context };
  for (const [property, attribute] of SETTINGS) {
    const own = attributes.get(attribute);
    if (own) resolved[property] = own;
  }
  return resolved;
}

/** What a server render needs of a fragment, from one walk through it. */
export interface FragmentParts {
  /** The `svc-*` elements, in document order, with the settings each reads with (none inside a `<template>`: they are not in the page). */
  elements: FoundElement[];
  /** The fragment's own JSON-LD documents (not the library's), parsed; unreadable ones are skipped. */
  jsonLd: unknown[];
}

export function readFragment(fragment: string, defaults: Settings): FragmentParts {
  const parts: FragmentParts = { elements: [], jsonLd: [] };
  const visit = (nodes: readonly Node[], context: Settings) => {
    for (const node of nodes) {
      if (!('tagName' in node)) continue;
      const element = node as Element;
      const attributes = new Map(element.attrs.map((attribute) => [attribute.name, attribute.value]));
      let inner = context;
      if (element.tagName === 'svc-storefront') inner = settingsOf(attributes, context);
      else if (element.tagName.startsWith('svc-') && element.sourceCodeLocation?.startTag) {
        parts.elements.push({ tag: element.tagName, attributes, settings: settingsOf(attributes, context), insertAt: element.sourceCodeLocation.startTag.endOffset });
      } else if (element.tagName === 'script' && attributes.get('type') === 'application/ld+json' && !attributes.has('data-svc-rich-snippet')) {
        try {
          parts.jsonLd.push(JSON.parse(element.childNodes.map((child) => ('value' in child ? child.value : '')).join('')));
        } catch {
          // The page's own broken block: not ours to fix.
        }
      }
      visit(element.childNodes, inner);
    }
  };
  visit(parseFragment(fragment, { sourceCodeLocationInfo: true }).childNodes, defaults);
  return parts;
}
