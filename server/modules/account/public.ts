/**
 * What other areas may use of 个人账号: a notice is sent by the channels each user chose (个人设置), and
 * resetting a user's password by an administrator ends the reset links still out.
 */
export { notifyPrefsOfUser } from './profile.repository';
export { endResetLinks } from './passwordReset.repository';
