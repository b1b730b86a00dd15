import type { App, Modal } from 'antd';

/**
 * The antd toasts for code outside React (the axios interceptors, the session store). The root `<App>`
 * binds its context-aware instances here (so toasts follow the theme and locale); until then, and in
 * code that runs without the React tree, antd's static functions stand in.
 */
type AppFeedback = ReturnType<typeof App.useApp>;
export interface Feedback {
  message: AppFeedback['message'];
  notification: AppFeedback['notification'];
  /** The static Modal's shape, which the context-aware hook API also satisfies. */
  modal: Pick<typeof Modal, 'confirm' | 'info' | 'success' | 'error' | 'warning'>;
}

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
let current: Feedback = staticFeedback;

export function bindFeedback(next: Feedback): () => void {
  current = next;
  const stopAnnouncing = installAnnouncer();
  return () => {
    stopAnnouncing();
    if (current === next) current = staticFeedback;
  };
}

/** The one live region of the page (issue 12): what a toast says, read out by screen readers. */
export const ANNOUNCER_ID = 'zb-announcer';
const TOAST_SELECTOR = '.ant-message-notice, .ant-notification-notice';

/**
 * Toasts (antd message and notification, from any caller: the hook API, the static functions) are
 * announced politely through one region that is in the page before any toast, as screen readers only
 * follow live regions they already know. antd marks each toast role="alert", which would interrupt the
 * user and, with the region, read it twice: that role is taken off as the toast arrives.
 */
export function installAnnouncer(): () => void {
  if (typeof document === 'undefined' || typeof MutationObserver === 'undefined') return () => undefined;
  let region = document.getElementById(ANNOUNCER_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = ANNOUNCER_ID;
    region.className = 'zb-visually-hidden';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    document.body.appendChild(region);
  }
  const live = region;
  const announce = (toast: Element) => {
    toast.removeAttribute('role');
    const text = toast.textContent?.trim();
    if (!text) return;
    // Emptied first, so that the same words twice in a row (two saves) are read twice.
    live.textContent = '';
    window.setTimeout(() => {
      live.textContent = text;
    }, 50);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue;
        if (node.matches(TOAST_SELECTOR)) announce(node);
        else node.querySelectorAll(TOAST_SELECTOR).forEach(announce);
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

export function feedback(): Feedback {
  return current;
}
