import { useEffect, useRef, useState } from 'react';
import { HEADER_HIDE_SCROLL_PX } from '../../config/constants';

/**
 * "Hide header on scroll down": scrolling up always brings the header back; scrolling
 * down hides it once the page is further down than 300 px; near the top it always shows.
 */
export function nextHeaderVisible(previousY: number, y: number, visible: boolean): boolean {
  if (y <= HEADER_HIDE_SCROLL_PX) return true;
  if (y < previousY) return true;
  if (y > previousY) return false;
  return visible;
}

/** Whether the header is hidden now; always false when the behaviour is off. */
export function useAutoHideHeader(enabled: boolean): boolean {
  const [visible, setVisible] = useState(true);
  const lastY = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    lastY.current = window.scrollY;
    let frame = 0;
    // One decision per animation frame, however many scroll events arrive in it.
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        setVisible((current) => nextHeaderVisible(lastY.current, y, current));
        lastY.current = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
      setVisible(true);
    };
  }, [enabled]);

  return enabled && !visible;
}
