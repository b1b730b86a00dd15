import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useMatches } from 'react-router-dom';
import { pageTitle } from '../lib/pageTitle';
import type { RouteHandle } from '../lib/routeTypes';

/** Marks the layout's own heading, so that it can tell a page's <h1> from itself. */
const OWN_HEADING = 'data-zb-page-heading';

/** Whether `container` holds an <h1> of the page's own (a shared document's title); followed as it renders. */
function usePageOwnsHeading(container: HTMLElement | null | undefined): boolean {
  const [owns, setOwns] = useState(false);
  useEffect(() => {
    if (!container) return;
    const owned = () => container.querySelector(`h1:not([${OWN_HEADING}])`) !== null;
    setOwns(owned());
    // Synchronously in the observer's microtask: a scheduled render would leave two <h1>s on screen for a
    // task after the page's own appears, long enough for a reader (or a test) to find both.
    const observer = new MutationObserver(() => flushSync(() => setOwns(owned())));
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container]);
  return owns;
}

/**
 * The page's one <h1>: the matched route's title, visually hidden — the breadcrumbs, the tab
 * and the menu show it already — so a screen reader's heading list starts with where the user is. A page
 * that titles itself with an <h1> inside `within` (the shared documents) keeps its own, and this one
 * steps aside.
 */
export function PageHeading({ within, fallback }: { within?: HTMLElement | null; fallback?: string }) {
  const title = pageTitle(useMatches().map((match) => match.handle as RouteHandle | undefined)) ?? fallback;
  const pageOwnsHeading = usePageOwnsHeading(within);
  if (!title || pageOwnsHeading) return null;
  return (
    <h1 className="zb-visually-hidden" {...{ [OWN_HEADING]: '' }}>
      {title}
    </h1>
  );
}
