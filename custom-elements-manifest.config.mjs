// `npm run build:manifest` (part of `npm run build`): writes dist/custom-elements.json
// from the elements' JSDoc (`@summary`, `@slot`, `@csspart`, `@cssprop`, `@fires`),
// as `cem analyze --litelement --globs "src/elements/**/*.ts"` would, plus two things
// the analyzer does not know about this project:
// - elements are registered with `defineElement('svc-…', Class)` (from
//   src/elements/shared/base.ts), not `customElements.define`: read those calls too,
//   so each class gets its `tagName` and each registration module its definition;
// - the package ships the built modules, not src/: point the manifest's module paths
//   at dist/*.js.

/** Reads `defineElement('svc-tag', Class)` calls as custom element definitions. */
function defineElementCalls() {
  return {
    name: 'storefront-widgets: defineElement calls',
    analyzePhase({ ts, node, moduleDoc, context }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'defineElement') return;
      const [tag, klass] = node.arguments;
      if (!tag || !klass || !ts.isStringLiteral(tag) || !ts.isIdentifier(klass)) return;
      const imported = context.imports?.find((entry) => entry.name === klass.text);
      let reference;
      if (imported === undefined) reference = { module: moduleDoc.path };
      else if (imported.isBareModuleSpecifier) reference = { package: imported.importPath };
      else reference = { module: new URL(imported.importPath, `file:///${moduleDoc.path}`).pathname.slice(1).replace(/\.js$/, '.ts') };
      moduleDoc.exports = [...(moduleDoc.exports ?? []), { kind: 'custom-element-definition', name: tag.text, declaration: { name: klass.text, ...reference } }];
    },
  };
}

/**
 * Drops what the analyzer reads wrongly from src/elements/shared/base.ts: the
 * `customElements.define(tag, constructor)` inside `defineElement` (no real tag), and
 * `emit(name, …)`'s `new CustomEvent(name)` as an event called "name" on every element
 * (each element documents its real events with `@fires`).
 */
function dropHelperArtifacts() {
  const validTag = /^[a-z][a-z0-9]*-[-.\w]*$/;
  return {
    name: 'storefront-widgets: helper artifacts',
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        if (module.exports) module.exports = module.exports.filter((entry) => entry.kind !== 'custom-element-definition' || validTag.test(entry.name));
        for (const declaration of module.declarations ?? []) {
          if (!declaration.events) continue;
          declaration.events = declaration.events.filter((event) => event.name !== 'name' || event.description);
          if (declaration.events.length === 0) delete declaration.events;
        }
      }
    },
  };
}

/** `src/elements/x/y.ts` → `dist/elements/x/y.js`, wherever the manifest names a module. */
function distPaths() {
  const rewrite = (value) => value.replace(/^\/?src\/(.*)\.ts$/, 'dist/$1.js');
  const walk = (value) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if ((key === 'path' || key === 'module') && typeof inner === 'string') value[key] = rewrite(inner);
        else walk(inner);
      }
    }
  };
  return {
    name: 'storefront-widgets: dist paths',
    packageLinkPhase({ customElementsManifest }) {
      walk(customElementsManifest.modules);
    },
  };
}

export default {
  globs: ['src/elements/**/*.ts'],
  outdir: 'dist',
  litelement: true,
  packagejson: false,
  plugins: [defineElementCalls(), dropHelperArtifacts(), distPaths()],
};
