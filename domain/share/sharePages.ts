// A leaf: the resource definitions name the kinds (resource/types.ts) and the contracts build on the resources.
/**
 * The public pages a share link can open: kind → where the page lives and its title. Which resource a
 * kind shows is said by the resource definitions (`extensions.share`). Pages of the same resource share
 * one link (a quotation link opens all three layouts; an order link opens its information and its
 * attachments), so the kind a link was made with only picks the address staff copy.
 */
export const SHARE_PAGES = {
  htxx: { path: '/htxx/htxx', title: '合同信息' },
  zwsx: { path: '/htxx/zwsx', title: '展位确认书' },
  bjdxxSzJd: { path: '/bjdxx/bjdxxSzJd', title: '报价单（简洁）' },
  bjdxxSzZg: { path: '/bjdxx/bjdxxSzZg', title: '报价单（正规）' },
  bjdxxZh: { path: '/bjdxx/bjdxxZh', title: '报价单（汇总）' },
  tcdxx: { path: '/tcdxx/tcdxx', title: '套餐单信息' },
  tcdFj: { path: '/tcdxx/tcdFj', title: '套餐单附件' },
  preInfo: { path: '/pre/preInfo', title: '预登记信息' },
} as const;

export type SharePageKind = keyof typeof SHARE_PAGES;
