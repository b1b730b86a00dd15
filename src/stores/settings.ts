import { create } from 'zustand';
import { DEFAULT_SETTINGS, type LayoutSettings } from '../config/settings';
import { storage } from '../lib/storage';

/**
 * The layout settings, persisted in local storage (`pro__Layout-Settings`, no expiry) so they
 * survive reloads. Every change is written at once; what is read back is checked field by field, so an
 * entry from an older version or edited by hand falls back to the defaults instead of breaking the layout.
 */
export const SETTINGS_STORAGE_KEY = 'Layout-Settings';

export interface SettingsState {
  settings: LayoutSettings;
  /** Applies and persists a change of one or more settings. */
  update(patch: Partial<LayoutSettings>): void;
  /** Back to the defaults (and forgets the stored entry). */
  reset(): void;
  /** Reads the stored entry again (another browser tab changed it). */
  reload(): void;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Settings from anything (a stored entry, a patch): known values kept, everything else defaulted. */
export function sanitiseSettings(raw: unknown): LayoutSettings {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const d = DEFAULT_SETTINGS;
  return {
    navTheme: oneOf(source.navTheme, ['dark', 'light', 'realDark'], d.navTheme),
    layout: oneOf(source.layout, ['sidemenu', 'topmenu'], d.layout),
    contentWidth: oneOf(source.contentWidth, ['Fluid', 'Fixed'], d.contentWidth),
    fixedHeader: flag(source.fixedHeader, d.fixedHeader),
    fixSiderbar: flag(source.fixSiderbar, d.fixSiderbar),
    autoHideHeader: flag(source.autoHideHeader, d.autoHideHeader),
    colorWeak: flag(source.colorWeak, d.colorWeak),
    multiTab: flag(source.multiTab, d.multiTab),
    primaryColor:
      typeof source.primaryColor === 'string' && HEX_COLOR.test(source.primaryColor) ? source.primaryColor : d.primaryColor,
  };
}

export function readStoredSettings(): LayoutSettings {
  return sanitiseSettings(storage.get<unknown>(SETTINGS_STORAGE_KEY));
}

export function createSettingsStore() {
  return create<SettingsState>()((set, get) => ({
    settings: readStoredSettings(),
    update(patch) {
      const settings = sanitiseSettings({ ...get().settings, ...patch });
      storage.set(SETTINGS_STORAGE_KEY, settings);
      set({ settings });
    },
    reset() {
      storage.remove(SETTINGS_STORAGE_KEY);
      set({ settings: { ...DEFAULT_SETTINGS } });
    },
    reload() {
      set({ settings: readStoredSettings() });
    },
  }));
}

export const useSettings = createSettingsStore();

// Settings changed in another browser tab of the app apply here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.endsWith(SETTINGS_STORAGE_KEY)) useSettings.getState().reload();
  });
}
