/** Each element's reference tables, as Markdown, from custom-elements.json. */

interface Described {
  name: string;
  description?: string;
  default?: string;
  type?: { text: string };
}
interface Member extends Described {
  kind: string;
  privacy?: string;
  static?: boolean;
  readonly?: boolean;
  attribute?: string;
}
interface Attribute extends Described {
  fieldName?: string;
}
interface Declaration {
  tagName?: string;
  summary?: string;
  description?: string;
  attributes?: Attribute[];
  members?: Member[];
  events?: Described[];
  slots?: Described[];
  cssParts?: Described[];
  cssProperties?: Described[];
  cssStates?: Described[];
}
export interface Manifest {
  modules: { declarations?: Declaration[] }[];
}

/** A table cell: one line, pipes escaped. */
const cell = (text: string | undefined) => (text ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
const code = (text: string | undefined) => (text ? `\`${cell(text).replace(/`/g, '')}\`` : '—');
const type = (text: string | undefined) => code(text?.replace(/\s*\|\s*undefined\b/g, ''));

/**
 * An attribute's default: the manifest's own, else the one its description names
 * ("(default 12)", "`grid` (default)").
 */
function defaultOf(attribute: Attribute, member: Member | undefined): string | undefined {
  const own = attribute.default ?? member?.default;
  if (own !== undefined && own !== 'undefined') return own;
  const description = attribute.description ?? '';
  const named = /\(default ([^)]+)\)/.exec(description);
  if (named) return named[1];
  const marked = /`([^`]+)`(?: of them)?\s*\((?:[^)]*, )?default\)/.exec(description);
  return marked?.[1];
}

function table(title: string, heads: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  return [`### ${title}`, '', `| ${heads.join(' | ')} |`, `|${heads.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`), ''].join('\n');
}

/** `tag` → the Markdown of its generated part. */
export function elementTables(manifest: Manifest, options: { apiBaseDefault: string }): Map<string, string> {
  const pages = new Map<string, string>();
  const declarations = manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.tagName);
  for (const element of declarations.sort((a, b) => a.tagName!.localeCompare(b.tagName!))) {
    const members = element.members ?? [];
    const attributes = (element.attributes ?? []).map((attribute) => {
      const member = members.find((candidate) => candidate.name === attribute.fieldName);
      let fallback = defaultOf(attribute, member);
      if (attribute.name === 'api-base') fallback = `'${options.apiBaseDefault}'`;
      return [code(attribute.name), code(attribute.fieldName), type(attribute.type?.text), fallback === undefined ? '—' : code(fallback), cell(attribute.description)];
    });
    const properties = members
      .filter((member) => member.kind === 'field' && !member.attribute && !member.static && (member.privacy ?? 'public') === 'public' && !member.name.startsWith('_'))
      .map((member) => [code(member.name), type(member.type?.text), cell(member.description)]);
    const named = (items: Described[] | undefined, withDefault = false) =>
      (items ?? []).map((item) => [code(item.name || '(default)'), ...(withDefault ? [item.default ? code(item.default) : '—'] : []), cell(item.description)]);
    const sections = [
      `## Reference`,
      '',
      `Generated from \`custom-elements.json\` (\`npm run docs:reference\`).`,
      '',
      cell(element.summary ?? element.description),
      '',
      table('Attributes', ['attribute', 'property', 'type', 'default', 'description'], attributes),
      table('Properties', ['property', 'type', 'description'], properties),
      table('Events', ['event', 'description'], named(element.events)),
      table('Slots', ['slot', 'description'], named(element.slots)),
      table('CSS parts', ['part', 'description'], named(element.cssParts)),
      table('CSS custom properties', ['property', 'default', 'description'], named(element.cssProperties, true)),
      table('CSS states', ['state', 'description'], named(element.cssStates)),
    ];
    pages.set(element.tagName!, sections.filter((section, i, all) => section !== '' || all[i - 1] !== '').join('\n'));
  }
  return pages;
}
