/** Brand pieces shared by the layouts. */
export const LOGO_URL = `${import.meta.env.BASE_URL}logo.svg`;
export const PRODUCT_NAME = '主办之家';
export const PRODUCT_SUBTITLE = '展会、会议与活动主办方的一站式管理平台';
/** Up to the year of the build, so that a new year's build does not show last year's. */
export const COPYRIGHT = `Copyright © 2000-${__BUILD_YEAR__} 上海云展信息科技有限公司 版权所有`;
