import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Bool, Id, Int, NoParams, NullableText, StringEnum, Text } from '../core/schemas';

/** The signed-in user's own account: profile (基本设置), new-message settings, password (安全设置). */

export const ProfileInfo = Type.Object({ userId: Int, nickName: Text, zw: NullableText, mail: NullableText });
export type ProfileInfo = Static<typeof ProfileInfo>;

/** New-message preferences of /account/settings/notification. */
export const NotifyPrefs = Type.Object({ system: Bool, activity: Bool, finance: Bool });
export type NotifyPrefs = Static<typeof NotifyPrefs>;

/** Generous transport limits only; the real checks are the shared form rules, with their messages. */
const text = Type.Optional(Type.String({ maxLength: 1000 }));
/** The form encoding knows only text: booleans travel as 'true' / 'false'. */
const flag = Type.Optional(StringEnum(['true', 'false']));

export const profileInfo = endpoint({
  method: 'GET',
  path: '/user/info',
  authority: 'user',
  // The caller's own id, optional: another user's is refused.
  query: Type.Object({ userId: Type.Optional(Id) }),
  response: ProfileInfo,
});

export const profileUpdate = endpoint({
  method: 'POST',
  path: '/user/updateInfo',
  authority: 'user',
  body: Type.Object({ id: Id, nickName: text, zw: text, mail: text }),
  response: ProfileInfo,
});

export const notifySettings = endpoint({
  method: 'GET',
  path: '/user/notifySettings',
  authority: 'user',
  query: NoParams,
  response: NotifyPrefs,
});

/** A switch left out of the form keeps its current value. */
export const notifySettingsUpdate = endpoint({
  method: 'POST',
  path: '/user/updateNotifySettings',
  authority: 'user',
  body: Type.Object({ system: flag, activity: Type.Optional(StringEnum(['true', 'false'], { title: '活动提醒' })), finance: flag }),
});

/** Ends every session of the user, this one included: the browser sends them back to the login page. */
export const passwordChange = endpoint({
  method: 'POST',
  path: '/developer/update/passwordUser',
  authority: 'user',
  beforePasswordChange: true,
  body: Type.Object({ userId: Id, oldPassword: text, password: text, passwordConfirm: text }),
});
