/**
 * A small syntax highlighter for the docs' code blocks (HTML, CSS, JS/TS, shell, JSON):
 * text in, tokens out, rendered by Lit as text in `<span class="…">`s.
 */

export type Language = 'html' | 'css' | 'js' | 'ts' | 'sh' | 'json' | 'text';

export interface Token {
  text: string;
  kind?: 'tag' | 'attr' | 'string' | 'comment' | 'keyword' | 'punct' | 'number' | 'prop' | 'selector' | 'command';
}

type Rule = [RegExp, Token['kind'] | undefined];

/** Tokenizes with sticky regexes tried in order; text no rule matches is one plain character. */
function scan(source: string, rules: Rule[]): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  const push = (text: string, kind?: Token['kind']) => {
    const last = tokens[tokens.length - 1];
    if (last && last.kind === kind) last.text += text;
    else tokens.push(kind ? { text, kind } : { text });
  };
  outer: while (index < source.length) {
    for (const [pattern, kind] of rules) {
      pattern.lastIndex = index;
      const match = pattern.exec(source);
      if (match && match[0].length > 0) {
        push(match[0], kind);
        index += match[0].length;
        continue outer;
      }
    }
    push(source[index]!);
    index += 1;
  }
  return tokens;
}

const JS_KEYWORDS =
  /(?:import|from|export|const|let|var|await|async|function|return|new|if|else|for|of|in|type|interface|typeof|true|false|null|undefined|class|extends)\b/y;

const jsRules: Rule[] = [
  [/\/\/[^\n]*/y, 'comment'],
  [/\/\*[\s\S]*?\*\//y, 'comment'],
  [/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/y, 'string'],
  [/\b\d+(?:\.\d+)?\b/y, 'number'],
  [JS_KEYWORDS, 'keyword'],
  [/[A-Za-z_$][\w$]*(?=\s*\()/y, 'prop'],
  [/[A-Za-z_$][\w$]*/y, undefined],
  [/[{}()[\];,.=<>+\-*/!?:&|]/y, 'punct'],
];

const jsonRules: Rule[] = [
  [/"(?:\\.|[^"\\])*"(?=\s*:)/y, 'attr'],
  [/"(?:\\.|[^"\\])*"/y, 'string'],
  [/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y, 'number'],
  [/\b(?:true|false|null)\b/y, 'keyword'],
  [/[{}[\],:]/y, 'punct'],
];

const shRules: Rule[] = [
  [/#[^\n]*/y, 'comment'],
  [/'[^']*'|"(?:\\.|[^"\\])*"/y, 'string'],
  [/(?<=^|\n|&&\s|\|\|\s)\s*[\w.-]+/y, 'command'],
  [/&&|\|\||[|;]/y, 'punct'],
];

function highlightHtml(source: string): Token[] {
  const tokens: Token[] = [];
  const re = /(<!--[\s\S]*?-->)|(<\/?)([A-Za-z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)(\s*\/?>)/g;
  let last = 0;
  for (let match = re.exec(source); match; match = re.exec(source)) {
    if (match.index > last) tokens.push({ text: source.slice(last, match.index) });
    if (match[1]) tokens.push({ text: match[1], kind: 'comment' });
    else {
      tokens.push({ text: match[2]!, kind: 'punct' }, { text: match[3]!, kind: 'tag' });
      const attributes = match[4] ?? '';
      const attr = /(\s+)([^\s=>/]+)(?:(\s*=\s*)("[^"]*"|'[^']*'|[^\s>]+))?/g;
      for (let a = attr.exec(attributes); a; a = attr.exec(attributes)) {
        tokens.push({ text: a[1]! }, { text: a[2]!, kind: 'attr' });
        if (a[3]) tokens.push({ text: a[3], kind: 'punct' }, { text: a[4]!, kind: 'string' });
      }
      tokens.push({ text: match[5]!, kind: 'punct' });
    }
    last = re.lastIndex;
  }
  if (last < source.length) tokens.push({ text: source.slice(last) });
  return tokens;
}

function highlightCss(source: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  const re = /(\/\*[\s\S]*?\*\/)|([{}])|([^{}/;:]+)(?=\s*:(?![a-z-]+\())|(:)|(;)|([^{};/]+|\/)/gy;
  let inValue = false;
  for (let match = re.exec(source); match; match = re.exec(source)) {
    const [text] = match;
    if (match[1]) tokens.push({ text, kind: 'comment' });
    else if (match[2]) {
      depth += text === '{' ? 1 : -1;
      inValue = false;
      tokens.push({ text, kind: 'punct' });
    } else if (depth > 0 && match[3] && !inValue) {
      tokens.push({ text, kind: 'prop' });
    } else if (depth > 0 && match[4] && !inValue) {
      inValue = true;
      tokens.push({ text, kind: 'punct' });
    } else if (match[5]) {
      inValue = false;
      tokens.push({ text, kind: 'punct' });
    } else tokens.push({ text, kind: depth > 0 ? 'string' : 'selector' });
  }
  return tokens;
}

/** Tokens of `source` in `language` (plain text when there is nothing to colour). */
export function highlight(source: string, language: Language): Token[] {
  switch (language) {
    case 'html':
      return highlightHtml(source);
    case 'css':
      return highlightCss(source);
    case 'js':
    case 'ts':
      return scan(source, jsRules);
    case 'json':
      return scan(source, jsonRules);
    case 'sh':
      return scan(source, shRules);
    default:
      return [{ text: source }];
  }
}
