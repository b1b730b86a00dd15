/**
 * The few whole-page effects the app performs, behind one object so that tests can replace them
 * (jsdom cannot reload or leave the page) and so every such effect is easy to find.
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Opens an external address (a menu entry with a non-'/' scheme). */
  open(url: string, target: string): void {
    window.open(url, target, 'noopener,noreferrer');
  },
};
