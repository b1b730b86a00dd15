import { theme, type ThemeConfig } from 'antd';
import type { LayoutSettings } from '../config/settings';

/**
 * antd theme from the layout settings: the primary colour everywhere, and antd's dark algorithm when the
 * whole app is dark (realDark). The dark/light menu themes are layout props, not tokens.
 */
export function themeFrom(settings: Pick<LayoutSettings, 'primaryColor' | 'navTheme'>): ThemeConfig {
  return {
    token: { colorPrimary: settings.primaryColor },
    algorithm: settings.navTheme === 'realDark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
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
