// Served as /page-record.js before any other script of a test page (`record=1`), for
// drivers that cannot run a script of their own before the page's: keeps uncaught
// errors, unhandled rejections and CSP violations from the first moment on.
const record = { errors: [], violations: [] };
Object.defineProperty(window, '__pageRecord', { value: record });
addEventListener('error', (event) => record.errors.push(`uncaught: ${event.message} (${event.filename}:${event.lineno})`));
addEventListener('unhandledrejection', (event) => record.errors.push(`unhandled rejection: ${event.reason instanceof Error ? event.reason.stack || event.reason.message : String(event.reason)}`));
document.addEventListener(
  'securitypolicyviolation',
  (event) => record.violations.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} ${event.sample} (${event.sourceFile}:${event.lineNumber})`),
  true,
);
