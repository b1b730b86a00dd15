import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Bool, Int, NoParams, NullableText, StringEnum, Text } from '../core/schemas';

/**
 * The session: sign-in (password and SSO ticket), sign-out, and the signed-in user with their menus —
 * the calls every page load makes first (src/router/bootRequests.ts).
 */

/** Login entries: 1 ordinary (organiser staff, admin), 2 education / competition. */
export const YHLX_ORDINARY = '1';
export const YHLX_EDU = '2';

/** Customer kind of organiser staff; every other kind belongs to the education entry. */
export const KHLX_ORGANISER = 3;

/** The entry a sign-in or a password recovery comes through. */
export const Yhlx = StringEnum([YHLX_ORDINARY, YHLX_EDU]);
export type Yhlx = Static<typeof Yhlx>;

export const LoginResult = Type.Object({
  access_token: Text,
  sjc: Text,
  /**
   * Present and true after an administrator's password reset: the session may do nothing but change the
   * password (the server refuses other calls) until the user has chosen a new one.
   */
  mustChangePassword: Type.Optional(Bool),
});
export type LoginResult = Static<typeof LoginResult>;

export const Authority = Type.Object({ authority: Text });
export type Authority = Static<typeof Authority>;

export const UserInfo = Type.Object({
  userId: Int,
  username: Text,
  nickName: Text,
  zw: NullableText,
  mail: NullableText,
  cgmc: NullableText,
  zblogo: NullableText,
  avatar: NullableText,
  tips: NullableText,
  khlx: Int,
  dxzh: NullableText,
  lxdh: NullableText,
  cnfIds: Type.Array(Int),
  authorities: Type.Array(Authority),
  /** As LoginResult.mustChangePassword: true while the user still has to replace a temporary password. */
  mustChangePassword: Type.Optional(Bool),
});
export type UserInfo = Static<typeof UserInfo>;

export const MenuNode = Type.Recursive(
  (Node) =>
    Type.Object({
      menuId: Int,
      parentId: Int,
      menuCode: Text,
      menuName: Text,
      path: Text,
      scheme: Text,
      icon: NullableText,
      target: NullableText,
      level: Int,
      hidden: Type.Optional(Bool),
      children: Type.Optional(Type.Array(Node)),
    }),
  // A fixed id rather than TypeBox's counter, so the $ref inside stays the same between builds.
  { $id: 'MenuNode' },
);
export type MenuNode = Static<typeof MenuNode>;

export const loginToken = endpoint({
  method: 'POST',
  path: '/login/token',
  public: true,
  body: Type.Object({
    username: Type.String({ minLength: 1, maxLength: 32 }),
    password: Type.String({ minLength: 1, maxLength: 64 }),
    yhlx: Yhlx,
  }),
  response: LoginResult,
});

export const ssoLoginToken = endpoint({
  method: 'POST',
  path: '/api/login/ssotoken',
  public: true,
  body: Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 4096 }), yhlx: Yhlx }),
  response: LoginResult,
});

/**
 * Hand-off tickets: the only thing a `?token=` link may carry. A ticket is random, lives HANDOFF_TICKET_TTL_S,
 * works once (the server keeps its SHA-256 only) and is exchanged by the browser that opens the link for a
 * session of its own (handoffRedeem); a session token in the address is never adopted.
 */
export const HANDOFF_TICKET_TTL_S = 60;

export const HandoffTicket = Type.Object({
  ticket: Text,
  /** Seconds the ticket stays valid. */
  expiresIn: Int,
});
export type HandoffTicket = Static<typeof HandoffTicket>;

/** A ticket for another tab or device of the signed-in user (`?token=<ticket>` on any address of the app). */
export const handoffIssue = endpoint({
  method: 'POST',
  path: '/login/handoff',
  authority: 'user',
  body: NoParams,
  response: HandoffTicket,
});

/**
 * The exhibitor-service entry's SSO (/htxx/zsdl?token=…): the other system trades its SSO ticket (as for
 * ssoLoginToken) for a hand-off ticket and sends the browser with that, never with a session token.
 */
export const ssoHandoff = endpoint({
  method: 'POST',
  path: '/api/login/ssohandoff',
  public: true,
  body: Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 4096 }), yhlx: Yhlx }),
  response: HandoffTicket,
});

// Spelled out rather than spread from LoginResult: the browser's build keeps no schemas to spread (vite-plugins).
export const HandoffSession = Type.Object({
  access_token: Text,
  sjc: Text,
  mustChangePassword: Type.Optional(Bool),
  /** Seconds the new session lives: the browser keeps its token exactly that long. */
  expiresIn: Int,
});
export type HandoffSession = Static<typeof HandoffSession>;

/** Exchanges a hand-off ticket for a new session; the ticket is the proof, so no sign-in is needed. */
export const handoffRedeem = endpoint({
  method: 'POST',
  path: '/login/handoff/redeem',
  public: true,
  body: Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 200 }) }),
  response: HandoffSession,
});

/** Signs out: revokes the token sent (also before a temporary password has been replaced). */
export const removeToken = endpoint({
  method: 'POST',
  path: '/login/remove/token',
  beforePasswordChange: true,
  // sjc is informational (the browser echoes what it got at login); the token itself is the credential.
  body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), sjc: Type.Optional(Type.String({ maxLength: 20 })) }),
});

// Both answer a user who must still change a temporary password: the browser needs them to know so.

export const currentUser = endpoint({
  method: 'GET',
  path: '/current/user',
  beforePasswordChange: true,
  query: NoParams,
  response: UserInfo,
});

export const currentMenus = endpoint({
  method: 'GET',
  path: '/current/user/menu',
  beforePasswordChange: true,
  query: NoParams,
  response: Type.Array(MenuNode),
});
