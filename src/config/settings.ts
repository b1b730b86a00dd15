/**
 * Default layout settings of spec §9. The settings drawer that edits and persists them is a later issue;
 * the providers and the layout already read them from here, so that issue only adds a store in front.
 */
export interface LayoutSettings {
  /** Menu theme: the side (or top) menu is dark by default. */
  navTheme: 'dark' | 'light';
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fluid' | 'Fixed';
  fixedHeader: boolean;
  fixSiderbar: boolean;
  autoHideHeader: boolean;
  colorWeak: boolean;
  multiTab: boolean;
  primaryColor: string;
}

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
