import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { aliases } from './vite-plugins/aliases.js';
import { buildDefines } from './vite-plugins/buildDefines.js';
import { contractSchemas } from './vite-plugins/contractSchemas.js';
import { compressAssets } from './vite-plugins/compressAssets.js';
import { lazyTableTree } from './vite-plugins/lazyTableTree.js';
import { loginFrame } from './vite-plugins/loginFrame.js';
import { namedImports } from './vite-plugins/namedImports.js';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * antd components (and their rc-component engines) that only some pages show, kept out of the antd chunk
 * below so that the back office's first screen and the public pages do not download them: date and time
 * pickers, uploads, trees, cascaders, colour pickers, images, QR codes, steps, tours, sliders and the like.
 */
const ANTD_PAGE_ONLY =
  'date-picker|time-picker|calendar|upload|tree|tree-select|transfer|cascader|color-picker|image|qr-code|qrcode|steps|timeline|tour|mentions|slider|rate|carousel|watermark|splitter|masonry|float-button|anchor|statistic|progress|segmented|descriptions|input-number|mini-decimal|picker|react-slick|border-beam|back-top|affix|list|listy|card';
// Also in the antd chunk: the tree helpers antd's Table keeps once its Tree is made lazy
// (vite-plugins/lazyTableTree.ts), so that they are not a file of their own.
const ANTD_SHARED = new RegExp(
  `node_modules/(antd/es|@rc-component)/(?!(${ANTD_PAGE_ONLY})/)|node_modules/@rc-component/tree/es/utils/(conductUtil|treeUtil|keyUtil)\\.js$|/src/lib/(LazyAntdTree\\.tsx|rcTreeSelection\\.ts)$|node_modules/@ant-design/(cssinjs|cssinjs-utils|colors|fast-color)/|node_modules/(antd/es/(date-picker|time-picker|calendar)/locale|@rc-component/picker/es/locale)/(en_US|common)\\.js$|node_modules/(is-mobile|react-is|clsx|classnames|dayjs|@babel/runtime|@emotion/hash|@emotion/unitless|stylis|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|json2mq|string-convert|copy-to-clipboard|toggle-selection)/`,
);

const ENTRY_SHARED =
  /\/src\/(config\/(env|constants)|lib\/(storage|safePath|browser|loadable|timeout|feedback)|api\/(request|errors|params|early|session|call))\.tsx?$|\/domain\/(core\/(sign|envelope)|session\/session\.contracts|notices\/notices\.contracts)\.ts$|node_modules\/(react|axios|crypto-js)\/|__vite-browser-external|node_modules\/@ant-design\/icons-svg\/es\/asn\/(User|Lock|Eye|EyeInvisible)Outlined\.js$/;

const LOGIN_ROUTE_MODULES =
  /\/src\/(layouts\/(UserLayout|AuthLayoutFrame)|features\/auth\/(LoginPage|LoginForm|LoginIcon|login))\.(tsx?|css)$/;

const FRAME_MODULES =
  /\/src\/(app\/(AppProviders|ErrorBoundary|theme)\.tsx?|layouts\/(BasicLayout|SkipLink)\.tsx|layouts\/basic\/(?!SettingDrawer\.|MenuDrawer\.|MultiTabs\.|NoticePopup\.).+|stores\/(tabs|currentActivity|notices|settings)\.ts|config\/settings\.ts|api\/(download|live)\.ts|hooks\/useLive\.ts|lib\/greeting\.ts|components\/MenuIcon\.tsx|components\/resource\/resourceApi\.ts)$|\/domain\/(core\/menuIcons|live\/events\.contracts|projects\/scopeOptions\.contracts)\.ts$|node_modules\/(antd\/(lib|locale)\/(.+\/)?zh_CN\.js|@rc-component\/picker\/lib\/locale\/(common|zh_CN)\.js|antd\/es\/color-picker\/(color|util|components\/ColorPresets)\.js|@rc-component\/color-picker\/es\/|antd\/es\/watermark\/context\.js)/;

const LIST_PAGE_MODULES =
  /\/src\/(components\/resource\/(ResourceMenuPage|ResourcePage|ColumnChooser|RowOperations|ScopeSelects|FieldInput|ResourceTable|cells)\.tsx|components\/share\/(ShareActions\.tsx|index\.ts)|components\/(PagedTable|SearchForm|ListEmpty|StatusTag)\.tsx|components\/(usePagedQuery|useFocusableScroll)\.ts|hooks\/useWindowHeight\.ts|lib\/dateFormat\.ts)$|\/domain\/(workspace\/workspace\.contracts|meeting\/registrationState)\.ts$/;

/**
 * What the back office's first screen runs: the entry, antd's providers, the main layout and the generic
 * list page (what src/router/bootRequests.ts asks for at boot) and every module they import statically.
 * Icons and antd's components outside it are kept out of the `icons` and `antd` chunks the home page
 * loads; that is possible because vite-plugins/namedImports.ts makes each page import the components it
 * uses rather than antd's index (which imports them all).
 */
const FIRST_SCREEN_ROOTS = ['src/main.tsx', 'src/app/AppProviders.tsx', 'src/layouts/BasicLayout.tsx', 'src/components/resource/ResourceMenuPage.tsx']
  .map((file) => fileURLToPath(new URL(file, import.meta.url)));

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const firstScreens = new WeakMap<ModuleGraph, Set<string>>();

function firstScreen(graph: ModuleGraph): Set<string> {
  const known = firstScreens.get(graph);
  if (known) return known;
  const seen = new Set<string>();
  const stack = [...FIRST_SCREEN_ROOTS];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  if (seen.size < 100) throw new Error(`首屏模块只找到 ${seen.size} 个：vite.config.ts 的 FIRST_SCREEN_ROOTS 需要更新`);
  firstScreens.set(graph, seen);
  return seen;
}

/**
 * The service worker of the offline 签到台 (src/lib/serviceWorker.ts registers it from the desk only):
 * Workbox precaches the built app shell, and a navigation under /zbzj/ gets the precached index.html, so
 * a desk reloaded without network opens. Nothing else is cached at run time: API answers are signed,
 * per-user and no-store (server/plugins/security.ts). The login keeps its painted page from the server.
 * A new deploy's worker replaces the old one at once (skipWaiting, clientsClaim) and drops its caches.
 */
const deskWorker = VitePWA({
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  injectRegister: false,
  // public/desk.webmanifest, linked by the desk page: no manifest request on the login page or elsewhere.
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
    // login.html is served by the server with its own CSP hashes (server/plugins/spa.ts).
    globIgnores: ['login.html', 'stats.html'],
    navigateFallback: '/zbzj/index.html',
    navigateFallbackAllowlist: [/^\/zbzj\//],
    navigateFallbackDenylist: [/^\/zbzj\/user\/login/, /^\/zbzj\/assets\//, /^\/admin\//],
    // Hashed file names need no revision of their own.
    dontCacheBustURLsMatching: /assets\/.+-[\w-]{8,}\./,
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [],
  },
});

export default defineConfig({
  base: '/zbzj/',
  resolve: { alias: aliases },
  define: buildDefines(),
  // loginFrame before compressAssets: login.html is written with the bundle, then compressed with the rest.
  plugins: [react(), contractSchemas(), lazyTableTree(), namedImports(), loginFrame(), compressAssets(), deskWorker],
  server: {
    port: 5173,
    proxy: { '/admin': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Modules run in their source order whatever chunk they land in: what makes one antd chunk safe
        // (without it, grouping antd's components broke the order its chunks initialise in).
        strictExecutionOrder: true,
        codeSplitting: {
          // Only the modules named below: their dependencies (React, the router) stay with the entry.
          includeDependenciesRecursively: false,
          // Fewer, larger files: each response costs its headers over HTTP/1.1 and, on a cold load, a turn in
          // the browser's six connections and main-thread work per request; dozens of small antd chunks made
          // the seat map's first load wait for their queue.
          groups: [
            // The entry's own small modules that lazy chunks import too: under strictExecutionOrder each became
            // a file of its own, and the entry eleven requests instead of two (about 60 ms of a cold load).
            { name: 'core', test: ENTRY_SHARED, priority: 4 },
            // The resource form's inputs in one file, as before textInput was split from fieldInputs to break an import cycle.
            { name: 'fieldInputs', test: /\/src\/components\/resource\/(fieldInputs|textInput|RefSelect|MoneyText)\.tsx$/, priority: 3 },
            // The date and time inputs, fetched when a form or a date filter first needs them (with the date-picker chunk).
            { name: 'pickerInputs', test: /\/src\/components\/resource\/pickerInputs\.tsx$|node_modules\/antd\/es\/time-picker\/index\.js$/, priority: 3 },
            // The back office's frame around every menu page (providers, layout, header, stores), asked for at boot
            // (src/router/bootRequests.ts): one file instead of about twenty of a few hundred bytes, each of which
            // waited for a turn in the six connections on a cold load.
            { name: 'frame', test: FRAME_MODULES, priority: 3 },
            // The generic list page of most menu pages and its table, search form and cells, in one file.
            { name: 'listPage', test: LIST_PAGE_MODULES, priority: 3 },
            // The page heading, the brand and the layouts' stylesheet, which the login page and the back office's layout share.
            { name: 'heading', test: /\/src\/layouts\/(PageHeading\.tsx|brand\.ts|layouts\.css)$/, priority: 3 },
            // The login route's own small modules in one file instead of ten.
            { name: 'login', test: LOGIN_ROUTE_MODULES, priority: 3 },
            // The antd icons in use (a few hundred bytes each) in two files rather than one file per icon: those of
            // the first screen, and all others (two thirds of them, which the home page does not need).
            { debugName: 'icons', name: (id, graph) => (firstScreen(graph).has(id) ? 'icons' : 'iconsMore'), test: /node_modules\/@ant-design\/icons(-svg)?\//, priority: 2 },
            // antd's core and the components the back office's frame, lists and dialogs and the public pages
            // use, with their engines: one file instead of about fifty (ANTD_PAGE_ONLY stay apart).
            // Those the first screen does not use (alerts, results, switches, radios…) in a second file.
            { debugName: 'antd', name: (id, graph) => (firstScreen(graph).has(id) ? 'antd' : 'antdMore'), test: ANTD_SHARED, priority: 1 },
            // The resource definitions (every menu needs them all).
            // With the schema helpers left by the browser's TypeBox (vite-plugins/contractSchemas.ts), which they import.
            { name: 'resources', test: /\/domain\/(registry|resource\/.+|[a-z]+\/resources|commerce\/goodsLines|core\/schemas)\.ts$|^\0zbzj:typebox$/, priority: 1 },
          ],
        },
      },
    },
  },
});
