import type { ThemeConfig } from 'antd';
import type { LayoutSettings } from '../config/settings';

/** antd theme from the layout settings: the primary colour; the dark default applies to the menus. */
export function themeFrom(settings: LayoutSettings): ThemeConfig {
  return {
    token: { colorPrimary: settings.primaryColor },
  };
}
