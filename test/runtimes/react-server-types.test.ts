/**
 * `storefront-widgets/react/server`'s types under React 19's: the server components take
 * their element's attributes (strings, numbers, booleans, enumerated values as unions) and
 * the render's options; an object, an event handler or a wrong value is an error, as the
 * render refuses them at run time. `renderWidget` and `<WidgetHost>` type-check under
 * React 18's too (a Hydrogen loader's), from the entry such an app runs.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

const COMPONENTS = `import { PostGallery, ReviewSummary, ShoppablePost, Storefront } from 'storefront-widgets/react/server';
export const ok = (
  <Storefront publishableKey="svc_pk_demo" market="us" nonce="bm9uY2U=" deadlineMs={300}>
    <PostGallery productRef="linen" pageSize={4} layout="carousel" firstViewport className="wide" />
    <ShoppablePost postId="pst_1" />
    <ReviewSummary company variant="badge" publishableKey="svc_pk_other" />
  </Storefront>
);
// @ts-expect-error an object is no attribute
export const object = <ShoppablePost post={{}} />;
// @ts-expect-error a handler cannot cross from the server
export const handler = <ShoppablePost onProductSelect={() => undefined} />;
// @ts-expect-error not a layout
export const layout = <PostGallery layout="spiral" />;
`;

const LOADER = `import { renderWidget, WidgetHost, type WidgetData } from 'storefront-widgets/react/server';
export async function loader(): Promise<{ gallery: WidgetData }> {
  return { gallery: await renderWidget('svc-post-gallery', { productRef: 'linen', pageSize: 4 }, { publishableKey: 'svc_pk_demo', market: 'us' }) };
}
export const host = (gallery: WidgetData, nonce?: string) => <WidgetHost widget={gallery} nonce={nonce} preload />;
// @ts-expect-error no such element
export const unknown = () => renderWidget('svc-nope', {}, { publishableKey: 'svc_pk_demo', market: 'us' });
`;

/** tsc's output for `code` against the sources, with `types` as React's types (empty when it compiles). */
async function compile(types: string, code: string, entry = 'src/react-server.ts'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-widgets-react-server-types-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'app.tsx'), code);
  const react = join(root, 'node_modules/@types', types);
  const paths = { 'storefront-widgets/react/server': [join(root, entry)], 'storefront-widgets/react': [join(root, 'src/react.ts')], react: [react], 'react/*': [`${react}/*`] };
  const compilerOptions = { strict: true, noEmit: true, skipLibCheck: true, target: 'ES2022', lib: ['ES2023', 'DOM', 'DOM.Iterable'], jsx: 'react-jsx', types: ['node'], typeRoots: [join(root, 'node_modules/@types')], module: 'ESNext', moduleResolution: 'bundler', experimentalDecorators: true, useDefineForClassFields: false, allowImportingTsExtensions: true, paths };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.tsx'] }));
  try {
    await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { cwd: dir });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error).replaceAll(dir, '.');
  }
}

describe('storefront-widgets/react/server types', () => {
  it('the server components take attributes and the render options; an object, a handler or a wrong value is an error (React 19)', async () => {
    expect(await compile('react', COMPONENTS)).toBe('');
  }, 60_000);

  // Outside a server components render (React Router, Hydrogen: React 18) the entry is the one without the components.
  it.each([
    ['react', 'src/react-server.ts'],
    ['react-18', 'src/react-server-fallback.ts'],
  ])('renderWidget and <WidgetHost> for a loader type-check with @types/%s (%s)', async (types, entry) => {
    expect(await compile(types, LOADER, entry)).toBe('');
  }, 60_000);
});
