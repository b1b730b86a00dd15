import type { MouseEvent } from 'react';

/** The id of the region the skip link leads to: the main layout's content. */
export const MAIN_CONTENT_ID = 'zb-main';

/**
 * 跳到主要内容: the first Tab stop of the shell, out of sight until focused, that moves the focus
 * past the header and its menu to the page. The focus is moved by hand: following the #fragment would
 * put a hash in the address, which the router would take for a navigation.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="zb-skip-link" onClick={skip}>
      跳到主要内容
    </a>
  );
}
