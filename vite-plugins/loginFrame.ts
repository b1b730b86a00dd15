import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { buildYear } from './buildDefines.js';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const require = createRequire(import.meta.url);

interface IconNode {
  tag: string;
  attrs: Record<string, string>;
  children?: IconNode[];
}

/** The <path> elements of an antd outlined icon, from the same definitions LoginIcon renders. */
function iconPaths(name: string): string {
  const definition = (require(`@ant-design/icons-svg/lib/asn/${name}`) as { default: { icon: IconNode } }).default;
  return (definition.icon.children ?? []).map((child) => `<path d="${child.attrs.d}"></path>`).join('');
}

const FRAME_PAGE = 'login.html';
/** The route modules the guard loads for /user/login: preloaded, so they download beside the entry. */
const LOGIN_ROUTE_MODULES = [/\/src\/layouts\/UserLayout\.tsx$/, /\/src\/features\/auth\/LoginPage\.tsx$/];

function staticImports(bundle: OutputBundle, roots: OutputChunk[]): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk') return;
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  roots.forEach((chunk) => visit(chunk.fileName));
  return seen;
}

/**
 * Writes login.html beside index.html: the same page with the login screen already in it (markup
 * vite-plugins/loginFrame.html, styles inlined from layouts.css and the login form's login.css, and the
 * entry's stylesheet inlined too), and modulepreload links for the login route's chunks. The server sends it for /user/login only
 * (server/plugins/spa.ts), so the login page paints from the HTML alone, before any script has arrived;
 * main.tsx mounts React once the router has the same page ready, and React replaces the painted markup
 * with identical markup. A sign-in submitted on the painted form is kept for the app (vite-plugins/loginFrameSubmit.js).
 * Other addresses get index.html and never show the frame.
 */
export function loginFrame(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'zbzj-login-frame',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const html = String(index.source);
        const frame = readFileSync(path.join(root, 'vite-plugins/loginFrame.html'), 'utf8')
          .replace(/%(\w+Outlined)%/g, (_match, name: string) => iconPaths(name))
          .replace('%BUILD_YEAR%', buildYear())
          .trim();
        const css = ['src/layouts/layouts.css', 'src/features/auth/login.css']
          .map((file) => readFileSync(path.join(root, file), 'utf8'))
          .join('\n')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s*\n\s*/g, '');
        const chunks = Object.values(bundle).filter(
          (item): item is OutputChunk =>
            item.type === 'chunk' && item.moduleIds.some((id) => LOGIN_ROUTE_MODULES.some((re) => re.test(id))),
        );
        const found = LOGIN_ROUTE_MODULES.filter((re) => chunks.some((chunk) => chunk.moduleIds.some((id) => re.test(id))));
        if (found.length !== LOGIN_ROUTE_MODULES.length) {
          this.error('登录页的路由模块（UserLayout、LoginPage）不在构建结果中，无法生成 login.html');
        }
        const preloads = [...staticImports(bundle, chunks)]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
          .join('\n    ');
        // The entry's stylesheets inlined as well: a <link rel="stylesheet"> holds the first paint back by a
        // round trip, and the painted page must not wait for anything but the HTML.
        const inlined = html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
          const asset = bundle[href.slice(base.length)];
          return asset && asset.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
        });
        // The painted form's submit catcher runs inline, before the form is parsed: a sign-in submitted at
        // first paint is kept (an external script would arrive a round trip later). The server allows it by
        // its hash (server/plugins/spa.ts). The form's method="dialog" makes a submit without it a no-op
        // rather than a GET that would put the password into the address.
        const submitCatcher = readFileSync(path.join(root, 'vite-plugins/loginFrameSubmit.js'), 'utf8').trim();
        const page = inlined
          .replace('</head>', `  ${preloads}\n    <style>${css}</style>\n    <script>${submitCatcher}</script>\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root">${frame}</div>`);
        if (!page.includes('zb-login-frame')) this.error('index.html 中没有 <div id="root"></div>，无法生成 login.html');
        this.emitFile({ type: 'asset', fileName: FRAME_PAGE, source: page });
      },
    },
  };
}
