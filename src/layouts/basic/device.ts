import { useEffect, useState } from 'react';
import { MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH } from '../../config/constants';

/**
 * The device class of the main layout by window width: below 576 a phone, below 992 a tablet, otherwise
 * a desktop. Off the desktop the menu lives in a drawer.
 */
export type Device = 'desktop' | 'tablet' | 'mobile';

export function deviceOf(width: number): Device {
  if (width < MOBILE_MAX_WIDTH) return 'mobile';
  if (width < TABLET_MAX_WIDTH) return 'tablet';
  return 'desktop';
}

/** The window's inner width, kept current on resize. */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

export function useDevice(): Device {
  return deviceOf(useWindowWidth());
}
