/**
 * The elements' API as the build documents it: `custom-elements.json`, generated from
 * the elements' JSDoc by `npm run build:manifest` (which `npm start` runs first). The
 * demo never writes an attribute, event, part or custom property down a second time.
 *
 * Read through `import.meta.glob`, so a missing file is an empty match (the pages then
 * say how to generate it) rather than a failed import.
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

// The build writes dist/custom-elements.json; older setups wrote it at the repository root.
const found = import.meta.glob<Manifest>(['../../dist/custom-elements.json', '../../custom-elements.json'], { import: 'default' });

/** How to make the file when it is missing (shown on the pages instead of the tables). */
export const MANIFEST_HELP = 'custom-elements.json has not been generated yet. Run `npm run build:manifest` (or `npm run build`), then restart `npm start`.';

let loaded: Promise<Manifest | undefined> | undefined;

function load(): Promise<Manifest | undefined> {
  loaded ??= (async () => {
    const preferred = Object.keys(found).sort((a, b) => Number(b.includes('/dist/')) - Number(a.includes('/dist/')))[0];
    return preferred === undefined ? undefined : found[preferred]!();
  })();
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

/** Whether the manifest file exists at all. */
export async function hasManifest(): Promise<boolean> {
  return (await load()) !== undefined;
}
