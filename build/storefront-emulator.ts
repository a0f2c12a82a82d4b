/**
 * Why: `npm start` serves the demo against the project's own Storefront API emulator, so
 * that one command shows every element with data. This plugin starts the emulator beside
 * Vite's dev server and stops it with it.
 */
import type { Plugin } from 'vite';

export function storefrontEmulator(port: number): Plugin {
  return {
    name: 'storefront-widgets:emulator',
    apply: 'serve',
    async configureServer(server) {
      const { startEmulator } = await import('../demo/emulator/server.ts');
      const emulator = await startEmulator({ port, host: 'localhost', quiet: !process.env['EMULATOR_VERBOSE'] });
      server.httpServer?.once('close', () => void emulator.close());
    },
  };
}
