/** Business constants and limits, in one place so pages never repeat a magic number. */

/** Every API call gives up after this long. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** A lazily loaded page chunk that has not arrived after this long fails with an error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const DEFAULT_PAGE_SIZE = 10;
/** Paged tables scroll inside this share of the window height. */
export const TABLE_HEIGHT_RATIO = 0.57;

export const SIDER_WIDTH = 220;
export const SIDER_COLLAPSED_WIDTH = 80;

/** Prefix of every key this app writes to local storage. */
export const STORAGE_NAMESPACE = 'pro__';
export const ACCESS_TOKEN_KEY = 'Access-Token';
/** The login timestamp (sjc) that /login/remove/token needs next to the token. */
export const ACCESS_SJC_KEY = 'Access-Sjc';
/** Where `?url=` is kept until the guard sends the user there. */
export const RETURN_ADDRESS_KEY = 'Return-Url';

const DAY_MS = 24 * 3600 * 1000;
/** Token lifetimes: password login 1 day; SSO or a token in the address 7 days. */
export const PASSWORD_TOKEN_TTL_MS = DAY_MS;
export const SSO_TOKEN_TTL_MS = 7 * DAY_MS;
export const RETURN_ADDRESS_TTL_MS = DAY_MS;

/** Router basename; the product is served under /zbzj/. */
export const BASENAME = '/zbzj';

/** The back-office home of kind-3 users (/home redirects here). */
export const ORGANISER_HOME_PATH = '/yx/sysActivity/index';
/** Where the guard sends a signed-in user by default, and the fixed back-office home page (src/router/guard.ts). */
export const HOME_PATH = '/home';
export const HOME_INDEX_PATH = '/home/index';
export const LOGIN_PATH = '/user/login';
/** Where a user signed in with a temporary password (系统管理 → 用户 → 重置密码) must choose their own first. */
export const CHANGE_PASSWORD_PATH = '/user/password';
export const EDU_LOGIN_PATH = '/edu/edulogin';
/** Logout after 401 waits this long before reloading, so the user can read the message. */
export const RELOAD_AFTER_401_MS = 1500;
/** Repeated 403 messages within this window are shown once. */
export const FORBIDDEN_MESSAGE_THROTTLE_MS = 500;
/**
 * Repeated 「连接服务器失败!」 within this window are shown once: with the network down, a page's start-up
 * calls (menus, notices, the page's data) all fail within a few seconds of each other.
 */
export const UNREACHABLE_MESSAGE_THROTTLE_MS = 5000;

/** The one username that gets the side menu. */
export const ADMIN_USERNAME = 'admin';
/** The project code for which the kind-3 rule of the guard applies. */
export const KIND_RULE_PROJECT_CODE = 'zbzj';

/** Main layout. */
export const SETTINGS_DRAWER_WIDTH = 300;
/** With "hide header on scroll down", the header goes once the page has scrolled further than this. */
export const HEADER_HIDE_SCROLL_PX = 300;
/** Content width of the Fixed setting (top-menu layout). */
export const FIXED_CONTENT_WIDTH = 1200;
/** Window widths below which the device counts as a tablet / a phone (antd's lg and sm breakpoints). */
export const TABLET_MAX_WIDTH = 992;
export const MOBILE_MAX_WIDTH = 576;

/** Notice bell: badge overflow, and how many titles each popup tab shows. */
export const NOTICE_BADGE_OVERFLOW = 99;
export const NOTICE_POPUP_LIMITS = { all: 3, unread: 2, read: 3 } as const;
/** Where every notice of the popup leads, for users whose menus hold 我的通知 (organiser staff). */
export const MY_NOTICE_PATH = '/system/mynotice/index';
/**
 * The same page under the account routes, which every signed-in user may open: where the bell leads
 * everyone else (competition users), who would be signed out on entering the back office's /system.
 */
export const ACCOUNT_NOTICES_PATH = '/account/notices';
/** Dialogs take half the window's width. */
export const MODAL_WIDTH = '50%';
