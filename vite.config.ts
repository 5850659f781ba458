import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fontDisplayOptional } from './scripts/lib/font-display-optional.ts';
import { zodMiniOwnCore } from './scripts/lib/zod-mini-own-core.ts';

// The API server runs on DEV_API_PORT during `npm run dev`; Vite proxies to it.
const apiTarget = `http://127.0.0.1:${process.env.DEV_API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/client',
  // Vite's root is src/client; the config stays at the repository root.
  plugins: [zodMiniOwnCore(), react(), tailwindcss(), fontDisplayOptional()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // The size report reads the manifest to follow what `/` loads.
    manifest: true,
    target: 'es2022',
  },
  server: {
    // The Host header passes through as the browser sent it (Vite's string shorthand would
    // rewrite it to the target's), so the server's same-origin check sees the page's own origin.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
    },
  },
});
