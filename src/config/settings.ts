/**
 * Layout settings (kept locally) with their defaults. The
 * settings store (src/stores/settings.ts) persists them; the providers and the main layout read them there.
 */
export type NavTheme = 'dark' | 'light' | 'realDark';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fluid' | 'Fixed';

export interface LayoutSettings {
  /**
   * dark: dark side (or top) menu on a light page; light: light menus; realDark: antd's dark algorithm
   * for the whole app.
   */
  navTheme: NavTheme;
  /** Only the admin username ever gets the side menu; for everyone else this is ignored. */
  layout: LayoutMode;
  /** Fixed = content at most 1200 px wide and centred, in the top-menu layout. */
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  fixSiderbar: boolean;
  /** With a fixed header: hide it while scrolling down, beyond 300 px. */
  autoHideHeader: boolean;
  colorWeak: boolean;
  multiTab: boolean;
  primaryColor: string;
}

/** The eight primary colour presets, antd's palette names in Chinese. */
export const PRIMARY_COLORS: ReadonlyArray<{ name: string; color: string }> = [
  { name: '拂晓蓝', color: '#1677ff' },
  { name: '薄暮', color: '#f5222d' },
  { name: '火山', color: '#fa541c' },
  { name: '日暮', color: '#faad14' },
  { name: '明青', color: '#13c2c2' },
  { name: '极光绿', color: '#52c41a' },
  { name: '极客蓝', color: '#2f54eb' },
  { name: '酱紫', color: '#722ed1' },
];

export const DEFAULT_SETTINGS: LayoutSettings = {
  navTheme: 'dark',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  fixSiderbar: false,
  autoHideHeader: false,
  colorWeak: false,
  multiTab: false,
  // "Blue" (daybreak blue), antd's own primary colour.
  primaryColor: '#1677ff',
};
