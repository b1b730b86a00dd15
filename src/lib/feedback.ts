import type { Feedback } from './feedbackShape';

export type { Feedback };

/**
 * The antd toasts for code outside React (the axios interceptors, the session store). The root `<App>`
 * binds its context-aware instances here (so toasts follow the theme and locale); until then, and in
 * code that runs without the React tree, antd's static functions stand in.
 */
let loading: Promise<Feedback> | null = null;
const loadStatic = () => (loading ??= import('./staticFeedback').then((m) => m.staticFeedback));

/**
 * antd's static functions, imported on first use: the login page renders without antd (it would double
 * what the page downloads), so a refusal shown there loads them then. A call through here returns nothing
 * (the antd call happens a moment later); no caller of feedback() uses the close handles antd returns.
 */
function deferred<K extends keyof Feedback>(part: K): Feedback[K] {
  const forward = (name: PropertyKey) => (...args: unknown[]) => {
    void loadStatic().then((loaded) => {
      const target = loaded[part] as unknown as Record<PropertyKey, ((...a: unknown[]) => unknown) | undefined>;
      const method = target[name];
      if (method) Reflect.apply(method, target, args);
    });
  };
  return new Proxy({}, { get: (_target, name) => forward(name) }) as Feedback[K];
}

const staticFeedback: Feedback = { message: deferred('message'), notification: deferred('notification'), modal: deferred('modal') };

/**
 * Closes every static toast, once the chunk that shows them has loaded (if it was ever asked for), and
 * resolves when the last has left the page (at most `leaveMs`). A test environment that is torn down while
 * such a toast is still to be shown, closed or animated out would see React render into a window that no
 * longer exists; on a loaded machine the exit animation outlasts any fixed wait.
 */
export async function closeStaticFeedback(leaveMs = 5_000): Promise<void> {
  if (!loading) return;
  const loaded = await loading;
  // The calls made through deferred() run in the same then() chain as this await: let them go first.
  await Promise.resolve();
  loaded.message.destroy();
  loaded.notification.destroy();
  const until = Date.now() + leaveMs;
  while (document.querySelector(TOAST_SELECTOR) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
}
let current: Feedback = staticFeedback;

/**
 * Toasts that must outlive the page that shows them: the login page renders without antd's providers, so
 * a toast of the root <App> shown just before navigating there goes with the App. antd's static functions
 * render into a container of their own.
 */
export function standaloneFeedback(): Feedback {
  return staticFeedback;
}

export function bindFeedback(next: Feedback): () => void {
  current = next;
  // The live region is in the page from the start, before antd asks for it with the first toast.
  if (typeof document !== 'undefined') toastRegion();
  return () => {
    if (current === next) current = staticFeedback;
  };
}

/** The one live region of the page, which the root <App> renders its toasts into. */
export const TOAST_REGION_ID = 'zb-toasts';
const TOAST_SELECTOR = '.ant-message-notice, .ant-notification-notice';

/**
 * The container of the root <App>'s toasts (antd message and notification): a polite live region that is
 * in the page before the first toast, as screen readers only follow live regions they already know (antd's
 * own list appears with its first toast and goes with its last). antd marks each toast role="alert", which
 * would interrupt the user and have it read twice: that role is taken off as the toast arrives. The region
 * is a plain wrapper: the toasts are fixed-positioned as ever.
 */
export function toastRegion(): HTMLElement {
  const existing = document.getElementById(TOAST_REGION_ID);
  if (existing) return existing;
  const region = document.createElement('div');
  region.id = TOAST_REGION_ID;
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  // Each new toast is read alone, not the whole stack again.
  region.setAttribute('aria-atomic', 'false');
  document.body.appendChild(region);
  const politely = (toast: Element) => {
    if (toast.getAttribute('role') === 'alert') toast.removeAttribute('role');
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue;
        if (node.matches(TOAST_SELECTOR)) politely(node);
        node.querySelectorAll(TOAST_SELECTOR).forEach(politely);
      }
    }
  }).observe(region, { childList: true, subtree: true });
  return region;
}

/** antd's message / notification config of the root <App>: its toasts go into the live region. */
export const TOAST_CONFIG = { getContainer: toastRegion } as const;

export function feedback(): Feedback {
  return current;
}
