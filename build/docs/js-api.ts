/**
 * The JavaScript API page's generated part: every export of the package's `.`, `./ssr`,
 * `./react/server` and `./edge` entries, read from the types with the TypeScript compiler API.
 */
import { resolve } from 'node:path';
import ts from 'typescript';

const ENTRIES = [
  { name: 'storefront-widgets', file: 'src/index.ts' },
  { name: 'storefront-widgets/ssr', file: 'src/ssr/index.ts' },
  { name: 'storefront-widgets/react/server', file: 'src/react-server.ts' },
  { name: 'storefront-widgets/edge', file: 'src/edge/index.ts' },
];

const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();

function kindOf(declaration: ts.Declaration | undefined): string {
  if (!declaration) return 'value';
  if (ts.isFunctionDeclaration(declaration)) return 'function';
  if (ts.isClassDeclaration(declaration)) return 'class';
  if (ts.isInterfaceDeclaration(declaration)) return 'interface';
  if (ts.isTypeAliasDeclaration(declaration)) return 'type';
  if (ts.isVariableDeclaration(declaration)) return 'const';
  return 'value';
}

/** What the export is: a function's signature, a constant's type, a class's constructor. */
function signatureOf(checker: ts.TypeChecker, symbol: ts.Symbol, kind: string, declaration: ts.Declaration | undefined): string {
  // Long types are cut short (TypeScript's own "..."): the table names the type, the source has the rest.
  const flags = ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
  if (kind === 'interface' || kind === 'type') return '';
  const type = checker.getTypeOfSymbol(symbol);
  if (kind === 'function') return type.getCallSignatures().map((signature) => `${symbol.name}${checker.signatureToString(signature, undefined, flags)}`).join('; ');
  if (kind === 'class') {
    const constructors = type.getConstructSignatures();
    return constructors.map((signature) => `new ${symbol.name}${checker.signatureToString(signature, undefined, flags).replace(/:\s*[^:]+$/, '')}`).join('; ');
  }
  return declaration ? `${symbol.name}: ${checker.typeToString(type, undefined, flags)}` : '';
}

/** The first paragraph of the export's JSDoc. */
function summaryOf(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  return cell(text.split(/\n\s*\n/)[0] ?? '');
}

export function jsApi(root: string): string {
  const program = ts.createProgram(
    ENTRIES.map((entry) => resolve(root, entry.file)),
    { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, strict: true, skipLibCheck: true, experimentalDecorators: true, useDefineForClassFields: false, allowImportingTsExtensions: true, noEmit: true, types: ['node'] },
  );
  const checker = program.getTypeChecker();
  const out: string[] = ['Generated from the types (`npm run docs:reference`): each export with its signature and the first paragraph of its JSDoc.', ''];
  for (const entry of ENTRIES) {
    const source = program.getSourceFile(resolve(root, entry.file));
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`Cannot read the exports of ${entry.file}`);
    const rows = checker
      .getExportsOfModule(module)
      .map((exported) => {
        const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        const declaration = symbol.declarations?.[0];
        const kind = kindOf(declaration);
        return { name: exported.name, kind, signature: signatureOf(checker, symbol, kind, declaration), summary: summaryOf(checker, symbol) };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
    out.push(`## ${entry.name}`, '', `\`import { … } from '${entry.name}'\`: ${rows.length} exports.`, '', '| export | kind | signature | what it is |', '|---|---|---|---|');
    for (const row of rows) out.push(`| \`${row.name}\` | ${row.kind} | ${row.signature ? `\`${cell(row.signature).replace(/`/g, '')}\`` : ''} | ${row.summary} |`);
    out.push('');
  }
  return out.join('\n');
}
