import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOnWhite, themeFrom } from '../../src/app/theme';
import { PRIMARY_COLORS } from '../../src/config/settings';
import { bellLabel } from '../../src/layouts/basic/NoticeBell';

/** #rrggbb of a colour given as rgba(0, 0, 0, a) over white, or as #rrggbb. */
function overWhite(color: string): string {
  const rgba = /^rgba\(0, 0, 0, ([\d.]+)\)$/.exec(color);
  if (!rgba) return color;
  const v = Math.round(255 * (1 - Number(rgba[1])));
  return `#${v.toString(16).padStart(2, '0').repeat(3)}`;
}

describe('theme contrast', () => {
  it('darkens every primary colour preset just enough for AA text on white, keeping its hue', () => {
    for (const { color } of PRIMARY_COLORS) {
      const readable = readableOnWhite(color);
      expect(contrastRatio(readable, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      // Same hue: each channel keeps its share of the strongest one (within rounding).
      const shares = (hex: string) => {
        const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
        return channels.map((c) => c / Math.max(...channels));
      };
      shares(readable).forEach((share, i) => expect(Math.abs(share - shares(color)[i])).toBeLessThan(0.03));
    }
    // The brand blue only gets a little deeper; colours dark enough already stay as chosen.
    expect(readableOnWhite('#1677ff')).toBe('#1369e0');
    expect(readableOnWhite('#2f54eb')).toBe('#2f54eb');
  });

  it('gives the light themes text colours that reach 4.5:1 on white and on the grey page background', () => {
    const { token, components } = themeFrom({ primaryColor: '#1677ff', navTheme: 'dark' });
    const texts = [token?.colorPrimary, token?.colorLink, token?.colorError, token?.colorTextTertiary, token?.colorTextPlaceholder];
    for (const text of texts) {
      expect(text).toBeDefined();
      expect(contrastRatio(overWhite(text!), '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(overWhite(text!), '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
    }
    const tag = components?.Tag as Record<string, string>;
    // Green and gold tags: their text on their own light background (shade 1 of the palette).
    expect(contrastRatio(tag.green7, '#f6ffed')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tag.gold7, '#fffbe6')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tag.colorSuccess, '#f6ffed')).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves the whole-dark theme to antd: the chosen colour as it is', () => {
    expect(themeFrom({ primaryColor: '#1677ff', navTheme: 'realDark' }).token?.colorPrimary).toBe('#1677ff');
  });
});

describe('notice bell name', () => {
  it('holds the count the badge shows, so the visible text is part of the name', () => {
    expect(bellLabel(0)).toBe('通知');
    expect(bellLabel(3)).toBe('通知，3 条未读');
    expect(bellLabel(120)).toBe('通知，99+ 条未读');
  });
});
