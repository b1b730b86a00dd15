import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

/**
 * The loading bar at the top of the window, configured once for every module that starts it (the boot
 * fallback and the root shell). nprogress's own template marks the bar role="bar", which is no ARIA
 * role (axe reports it as a serious violation whenever a page loads): here it is a named progressbar.
 * The spinner is off, so its markup is left out.
 */
export const PROGRESS_TEMPLATE = '<div class="bar" role="progressbar" aria-label="页面加载中"><div class="peg"></div></div>';

// nprogress finds its bar by the role (barSelector '[role="bar"]'): by its class now.
NProgress.configure({ showSpinner: false, template: PROGRESS_TEMPLATE, barSelector: '.bar' });

export { NProgress };
