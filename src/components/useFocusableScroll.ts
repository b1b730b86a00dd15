import { useEffect, type RefObject } from 'react';

/** The boxes antd's Table scrolls in: the body under a fixed header, or the whole table when only wide. */
const SCROLL_BOXES = '.ant-table-body, .ant-table-content';

/**
 * Makes the scrolling boxes of the tables inside `container` keyboard stops (WCAG 2.1.1, axe
 * scrollable-region-focusable): a list whose rows hold no button (an empty page, a read-only list) could
 * otherwise not be scrolled without a mouse. Only boxes that do scroll get the stop; antd renders them
 * without any prop for it, so the attributes are set after each render. The name says which list it is.
 */
export function useFocusableScroll(container: RefObject<HTMLElement | null>, label: string): void {
  useEffect(() => {
    container.current?.querySelectorAll<HTMLElement>(SCROLL_BOXES).forEach((box) => {
      const { overflowX, overflowY } = getComputedStyle(box);
      if (![overflowX, overflowY].some((o) => o === 'auto' || o === 'scroll')) return;
      if (box.tabIndex !== 0) box.tabIndex = 0;
      box.setAttribute('role', 'group');
      box.setAttribute('aria-label', label);
    });
  });
}
