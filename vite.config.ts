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
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
});
