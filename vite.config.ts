import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compressAssets } from './vite-plugins/compressAssets.js';
import { loginFrame } from './vite-plugins/loginFrame.js';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

const LOGIN_ROUTE_MODULES =
  /\/src\/(layouts\/(UserLayout|AuthLayoutFrame|PageHeading|brand)|features\/auth\/(LoginPage|LoginForm|LoginIcon|login))\.(tsx?|css)$|@ant-design\/icons-svg\/es\/asn\/(User|Lock|Eye|EyeInvisible)Outlined\.js$/;

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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the modules named below: their dependencies (React, the router) stay with the entry.
          includeDependenciesRecursively: false,
          // Fewer, larger files: each response costs its headers (about 1 KB with the security headers
          // over HTTP/1.1), more than most of these modules weigh after compression. Only leaf-like
          // modules are grouped: grouping antd's components broke the order its chunks initialise in.
          groups: [
            // The login route's own small modules in one file instead of ten.
            { name: 'login', test: LOGIN_ROUTE_MODULES, priority: 3 },
            // Every antd icon in use (a few hundred bytes each) in one file, not one file per icon.
            { name: 'icons', test: /node_modules\/@ant-design\/icons(-svg)?\//, priority: 2 },
            // antd components of the back office's frame and lists that antd's core never imports (only the
            // application, the table or the card do): one file instead of eight. Components the core imports
            // (empty, skeleton, tooltip…) stay apart, or the chunks would import each other; result and
            // typography stay apart too: the public pages show them without the rest.
            { name: 'antd-shell', test: /node_modules\/antd\/es\/(avatar|badge|popover|tag|drawer|tabs|dropdown|menu)\//, priority: 1 },
            // The resource definitions (every menu needs them all).
            { name: 'resources', test: /\/src\/shared\/resources\//, priority: 1 },
          ],
        },
      },
    },
  },
});
