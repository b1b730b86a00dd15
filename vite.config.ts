import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compressAssets } from './vite-plugins/compressAssets.js';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/zbzj/',
  plugins: [react(), compressAssets()],
  server: {
    port: 5173,
    proxy: { '/admin': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
});
