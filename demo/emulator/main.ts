/** `npm run emulator`: the Storefront API emulator alone, on PORT (default 8787). */
import { DEMO_KEY, DEMO_KEY_NOREVIEWS } from './auth-rate.ts';
import { MARKETS } from './data/catalog.ts';
import { startEmulator } from './server.ts';

const started = performance.now();
const port = Number(process.env.PORT ?? 8787);
const emulator = await startEmulator({
  port,
  ...(process.env.HOST ? { host: process.env.HOST } : {}),
  ...(process.env.PUBLIC_ORIGIN ? { publicOrigin: process.env.PUBLIC_ORIGIN } : {}),
  quiet: process.env.QUIET === '1',
});

console.log(`Storefront API emulator: ${emulator.url}/v1`);
console.log(`  keys:    ${DEMO_KEY} (plan with Reviews), ${DEMO_KEY_NOREVIEWS} (plan without Reviews)`);
console.log(`  markets: ${MARKETS.map((m) => `${m.shortId} (${m.currency}, ${m.language})`).join(', ')}`);
console.log(`  info:    ${emulator.url}/__emulator/info`);
console.log(`  try:     curl -H 'Authorization: Bearer ${DEMO_KEY}' '${emulator.url}/v1/posts?market=us&limit=2'`);
console.log(`  started in ${Math.round(performance.now() - started)} ms`);

const stop = (): void => {
  void emulator.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
