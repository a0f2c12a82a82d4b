import { defineConfig, type Plugin } from 'vite';

const EMULATOR_PORT = Number(process.env['EMULATOR_PORT'] ?? 8787);

/** Starts the Storefront API emulator beside the demo's dev server, and stops it with it. */
function storefrontEmulator(): Plugin {
  return {
    name: 'storefront-emulator',
    apply: 'serve',
    async configureServer(server) {
      const { startEmulator } = await import('./demo/emulator/server.ts');
      const emulator = await startEmulator({ port: EMULATOR_PORT, host: 'localhost' });
      server.httpServer?.once('close', () => void emulator.close());
    },
  };
}

export default defineConfig({
  root: 'demo',
  publicDir: false,
  plugins: [storefrontEmulator()],
  define: {
    'import.meta.env.VITE_API_BASE': JSON.stringify(process.env['VITE_API_BASE'] ?? `http://localhost:${EMULATOR_PORT}`),
  },
  server: { port: Number(process.env['PORT'] ?? 5173), strictPort: false, fs: { allow: ['..'] } },
  preview: { port: Number(process.env['PORT'] ?? 4173) },
});
