import 'fastify';
import type { ServerConfig } from './config';
import type { AppDb } from './db/client';
import type { OutboxHandle } from './plugins/outbox';

/** Who is calling, as the token plugin found them. */
export interface SessionUser {
  id: number;
  username: string;
  nickName: string;
  zw: string | null;
  mail: string | null;
  lxdh: string | null;
  dxzh: string | null;
  khlx: number;
  tips: string | null;
  avatar: string | null;
  organiserId: number;
  /** Set by an administrator's password reset: until it is changed, only `beforePasswordChange` routes answer. */
  mustChangePassword: boolean;
}

export interface SessionOrganiser {
  id: number;
  name: string;
  logo: string | null;
}

export interface SessionToken {
  id: number;
  hash: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    /** The server clock in ms; tests replace it to move time. */
    now(): number;
    db: AppDb;
    /** Email and SMS to send (server/plugins/outbox.ts). */
    outbox: OutboxHandle;
  }

  interface FastifyRequest {
    user: SessionUser | null;
    organiser: SessionOrganiser | null;
    /** 'user', MENU_<menuCode>…, ACTION_<actionCode>… */
    authorities: ReadonlySet<string> | null;
    token: SessionToken | null;
  }

  interface FastifyContextConfig {
    /** Reachable without a token (login calls). The signature is still required. */
    public?: boolean;
    /** The authority string the caller must hold, e.g. 'MENU_yx_sysActivity'. */
    authority?: string;
    /**
     * Only for holders of a super role (the system admin), whatever else they are granted: system-wide
     * settings such as menus and API keys, which no organiser may change.
     */
    superOnly?: boolean;
    /**
     * Answers a user who must still replace a temporary password (users.must_change_password): the
     * password change itself, the current user and menus, and sign-out. Every other call is refused.
     */
    beforePasswordChange?: boolean;
  }
}
