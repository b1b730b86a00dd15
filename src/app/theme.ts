import { theme, type ThemeConfig } from 'antd';
import type { LayoutSettings } from '../config/settings';

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** What the brand colours must reach against white: AA for normal text (4.5:1), with a margin for the
 * light grey and light blue backgrounds they also sit on (hovered and selected rows, #f5f5f5 panels). */
export const TEXT_CONTRAST = 5;

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/**
 * `color` darkened just far enough for text of it on white (and white text on it) to reach `ratio`: its
 * channels scaled down together, so the hue stays and the brand blue stays blue. Already dark enough
 * colours come back unchanged; anything that is not #rrggbb too.
 */
export function readableOnWhite(color: string, ratio: number = TEXT_CONTRAST): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return color;
  const base = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  for (let scale = 1; scale > 0; scale -= 0.01) {
    const candidate = `#${base.map((c) => hex2(c * scale)).join('')}`;
    if (contrastRatio(candidate, '#ffffff') >= ratio) return candidate;
  }
  return '#000000';
}

/**
 * antd's preset tag colours print their text in shade 7 of the palette on shade 1: too light for gold,
 * yellow, lime, green, cyan, orange and volcano (2.0–4.4:1). Those tags take the first darker shade that
 * reaches 4.5:1 (antd's own palette, so a green tag stays antd's green).
 */
const TAG_TEXT: Record<string, string> = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
};

/**
 * The class antd scopes its CSS variables under. antd would take it from React's useId, which differs
 * from one React tree to another; fixed, it is the same in every tree and every test. Constant across
 * themes, as useId's was for the app's life.
 */
const CSS_VAR = { key: 'css-var-zb' } as const;

/** What every theme shares: the fixed CSS-variable scope, and no styles generated at run time (below). */
const STATIC_STYLES = { cssVar: CSS_VAR, zeroRuntime: true } as const;

/**
 * antd theme from the layout settings: the primary colour everywhere, and antd's dark algorithm when the
 * whole app is dark (realDark). The dark/light menu themes are layout props, not tokens.
 *
 * On the light themes every text colour reaches WCAG AA (4.5:1, checked by tests/e2e/a11y.spec.ts)
 * through the tokens, so no page needs its own override:
 * - the primary and error colours (buttons, links, the selected menu entry, tabs, validation messages) are
 *   the chosen colour darkened only as far as needed (#1677ff → a slightly deeper blue);
 * - secondary / tertiary text (descriptions, breadcrumbs, hints) and placeholders are 60 % black instead
 *   of 45 % and 25 %; disabled text keeps antd's light grey, as WCAG exempts inactive controls;
 * - tags (status and preset colours) use darker shades of the same palette.
 * realDark keeps antd's dark algorithm and the chosen colour as they are.
 *
 * zeroRuntime: antd writes no component CSS while rendering; its prebuilt stylesheet (antd/dist/antd.css,
 * imported by AppProviders) styles everything through the CSS variables these tokens still set at run time,
 * so a changed colour or the dark algorithm still applies at once. Rendering the first screen without
 * generating its styles is a fifth faster (docs/performance.md).
 */
export function themeFrom(settings: Pick<LayoutSettings, 'primaryColor' | 'navTheme'>): ThemeConfig {
  if (settings.navTheme === 'realDark') {
    return { token: { colorPrimary: settings.primaryColor }, algorithm: theme.darkAlgorithm, ...STATIC_STYLES };
  }
  const primary = readableOnWhite(settings.primaryColor);
  const error = readableOnWhite('#ff4d4f');
  const subdued = 'rgba(0, 0, 0, 0.6)';
  return {
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      colorError: error,
      colorTextTertiary: subdued,
      colorTextPlaceholder: subdued,
    },
    components: {
      Tag: {
        ...TAG_TEXT,
        // Status tags (success / processing / warning / error) print their text in the status colour.
        colorSuccess: '#237804',
        colorWarning: '#874d00',
        colorInfo: primary,
        colorError: error,
      },
    },
    algorithm: theme.defaultAlgorithm,
    ...STATIC_STYLES,
  };
}
/** Class on <html> for the colour-weak mode (global.css inverts the page through it). */
export const COLOR_WEAK_CLASS = 'zb-color-weak';

/**
 * The whole-page effects of the settings that live outside React's tree: the colour-weak filter and the
 * primary colour of the loading bar (both styled in global.css).
 */
export function applyDocumentSettings(settings: Pick<LayoutSettings, 'primaryColor' | 'colorWeak' | 'navTheme'>, root: HTMLElement = document.documentElement): void {
  root.classList.toggle(COLOR_WEAK_CLASS, settings.colorWeak);
  root.style.setProperty('--zb-primary', settings.primaryColor);
  // Native controls and scrollbars follow the dark app.
  root.style.colorScheme = settings.navTheme === 'realDark' ? 'dark' : 'light';
}
