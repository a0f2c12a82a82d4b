/**
 * The elements' API as the build documents it: `custom-elements.json`, generated from
 * the elements' JSDoc by `npm run build:manifest` (which `npm start` runs first). The
 * demo never writes an attribute, event, part or custom property down a second time.
 *
 * A missing file is not an error: the pages then say how to generate it.
 */

export interface ManifestType {
  text: string;
}

export interface ManifestAttribute {
  name: string;
  fieldName?: string;
  type?: ManifestType;
  default?: string;
  description?: string;
  inheritedFrom?: { name: string };
}

export interface ManifestMember {
  kind: 'field' | 'method';
  name: string;
  type?: ManifestType;
  default?: string;
  description?: string;
  attribute?: string;
  reflects?: boolean;
  readonly?: boolean;
  static?: boolean;
  privacy?: 'public' | 'private' | 'protected';
  inheritedFrom?: { name: string };
}

export interface ManifestEvent {
  name: string;
  type?: ManifestType;
  description?: string;
}

export interface ManifestNamed {
  name: string;
  description?: string;
  default?: string;
}

export interface ElementDeclaration {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  summary?: string;
  description?: string;
  attributes?: ManifestAttribute[];
  members?: ManifestMember[];
  events?: ManifestEvent[];
  slots?: ManifestNamed[];
  cssParts?: ManifestNamed[];
  cssProperties?: ManifestNamed[];
}

interface Manifest {
  schemaVersion: string;
  modules: { path: string; declarations?: ElementDeclaration[] }[];
}

// Read at runtime, fresh on every page load, so a rebuild while the dev server runs is
// picked up. `npm run build:manifest` writes it into dist/ (custom-elements-manifest.config.mjs);
// Vite turns this `new URL(…, import.meta.url)` into a URL it serves.
const LOCATION = new URL('../../dist/custom-elements.json', import.meta.url);

/** How to make the file when it is missing (shown on the pages instead of the tables). */
export const MANIFEST_HELP = 'custom-elements.json has not been generated yet. Run `npm run build:manifest` (or `npm run build`), then reload this page.';

async function read(): Promise<Manifest | undefined> {
  try {
    const response = await fetch(LOCATION, { cache: 'no-store' });
    if (!response.ok) return undefined;
    const manifest = (await response.json()) as Manifest;
    return Array.isArray(manifest.modules) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

let loaded: Promise<Manifest | undefined> | undefined;

function load(): Promise<Manifest | undefined> {
  loaded ??= read();
  return loaded;
}

/** The declaration of a custom element by its tag, `undefined` when the manifest is missing or lacks it. */
export async function elementDoc(tag: string): Promise<ElementDeclaration | undefined> {
  const manifest = await load();
  for (const module of manifest?.modules ?? []) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.tagName === tag && declaration.customElement) return declaration;
    }
  }
  return undefined;
}
