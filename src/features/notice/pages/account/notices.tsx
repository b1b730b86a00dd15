/**
 * /account/notices: 我的通知 for every signed-in user, in their own layout. Competition users have no
 * /system menus (entering one would end their session), so the notice bell leads them here.
 */
export { default } from '../system/mynotice/index';
