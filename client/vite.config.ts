import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress-plugin.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // One bundle (~160 kB gzip) that the service worker caches; routes are small enough not to split yet.
    chunkSizeWarningLimit: 700,
  },
});
