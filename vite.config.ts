import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compressAssets } from './vite-plugins/compressAssets.js';
import { loginFrame } from './vite-plugins/loginFrame.js';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/zbzj/',
  // loginFrame before compressAssets: login.html is written with the bundle, then compressed with the rest.
  plugins: [react(), loginFrame(), compressAssets()],
  server: {
    port: 5173,
    proxy: { '/admin': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
});
