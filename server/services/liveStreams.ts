import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LiveEventName } from '@domain/live/events.contracts';
import type { AppDb } from '../db/client';
import { tokens } from '../db/schema';
import type { ChangeFeed, FeedMessage, FeedSignal } from './changeFeed';
import { authorisedActivityIds, authorisedProjectIds } from './projectScope';
import { issueOneTimeTicket, redeemOneTimeTicket } from './oneTimeTickets';
import { findSessionByHash } from './tokens';

/**
 * The server side of the live pages (domain/live/events.contracts.ts): stream tickets, and one open
 * event stream per browser tab fed by the replicas' change feed (server/services/changeFeed.ts).
 */

/**
 * A ticket is a one-time ticket (services/oneTimeTickets.ts) standing for the session that asked for it:
 * random, stored hashed, used up by the stream it opens, so a ticket seen in a log or a proxy's address
 * opens nothing. It dies with its session (a revoked token fails the session check that follows).
 */
export function issueTicket(db: AppDb, userId: number, tokenId: number, expiresAt: number): Promise<string> {
  return issueOneTimeTicket(db, 'live', { userId, tokenId, entry: null }, expiresAt);
}

/** The token hash a valid, unused, unexpired ticket stands for (using it up); null otherwise. */
export async function redeemTicket(db: AppDb, ticket: string, now: number): Promise<string | null> {
  const holder = await redeemOneTimeTicket(db, 'live', ticket, now);
  if (holder?.tokenId == null) return null;
  const [row] = await db.select({ hash: tokens.tokenHash }).from(tokens).where(eq(tokens.id, holder.tokenId)).limit(1);
  return row?.hash ?? null;
}

/** Most streams one session keeps open at once (a tab has one; more is someone opening them by hand). */
export const MAX_STREAMS_PER_SESSION = 5;

/** Whose stream it is, and which activities' check-ins they may hear of. */
export interface Viewer {
  userId: number;
  organiserId: number;
  tokenHash: string;
  tokenExpiresAt: number;
  /** null = every project of the organiser (a super role). */
  projects: ReadonlySet<number> | null;
  /** null = every activity of those projects. */
  activities: ReadonlySet<number> | null;
}

export async function scopeOf(db: AppDb, userId: number, organiserId: number): Promise<Pick<Viewer, 'projects' | 'activities'>> {
  const [projects, activities] = await Promise.all([authorisedProjectIds(db, userId, organiserId), authorisedActivityIds(db, userId, organiserId)]);
  return { projects: projects && new Set(projects), activities: activities && new Set(activities) };
}

/** The event a viewer is sent for a feed message, or null when it is none of their business. */
export function eventFor(viewer: Viewer, message: FeedMessage): { name: LiveEventName; data: string } | null {
  const e = message.e;
  if (e.k === 'checkin') {
    if (e.o !== viewer.organiserId) return null;
    if (viewer.projects && (e.p === null || !viewer.projects.has(e.p))) return null;
    if (viewer.activities && !viewer.activities.has(e.a)) return null;
    return { name: 'checkin', data: JSON.stringify({ activityId: e.a, projectId: e.p }) };
  }
  if (e.k === 'notice') {
    if (e.o !== viewer.organiserId || (e.u !== null && e.u !== viewer.userId)) return null;
    return { name: 'notice', data: '{}' };
  }
  return null;
}

/** Whether an auth change may concern this viewer's session or scope. */
function concerns(viewer: Viewer, message: FeedMessage): boolean {
  const e = message.e;
  return e.k === 'auth' && (e.all === true || e.u === viewer.userId || e.t === viewer.tokenHash);
}

/** A comment line every so often keeps proxies and the browser from taking a quiet stream for a dead one. */
export const HEARTBEAT_MS = 25_000;
/** What the browser waits before it reconnects by itself (it reconnects through a fresh ticket anyway). */
const RETRY_MS = 2000;

/** One open stream: writes the viewer's events, rechecks the session when it may have changed, ends cleanly. */
export class LiveStream {
  private closed = false;
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  /** Events that arrive while the scope is being reloaded wait here, in order. */
  private pending: FeedMessage[] | null = null;
  private readonly socket: Socket | null;

  constructor(
    private readonly db: AppDb,
    private readonly feed: ChangeFeed,
    private viewer: Viewer,
    private readonly res: ServerResponse,
    private readonly now: () => number,
    private readonly onEnd: (stream: LiveStream) => void,
  ) {
    this.socket = res.socket;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // The connection serves this stream only: when it ends (sign-out, a stop), so does the connection,
      // instead of idling where a stopping server would wait for it.
      connection: 'close',
      // nginx buffers responses by default, which would hold events back.
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    this.unsubscribe = feed.subscribe((signal) => this.hear(signal));
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
    res.on('close', () => this.close());
  }

  /** Replays what the browser missed since `lastEventId` (or tells it to reload when that is unknown). */
  resume(lastEventId: string | undefined): void {
    if (!lastEventId) return;
    const missed = this.feed.since(lastEventId);
    if (missed === null) this.write('resync', '{}');
    else for (const message of missed) this.send(message);
  }

  private hear(signal: FeedSignal): void {
    if (this.closed) return;
    if (signal.kind === 'gap') {
      this.write('resync', '{}');
      return;
    }
    const { message } = signal;
    if (this.pending) {
      this.pending.push(message);
      return;
    }
    if (concerns(this.viewer, message)) {
      this.pending = [];
      void this.recheck().then(() => {
        const waiting = this.pending ?? [];
        this.pending = null;
        for (const m of waiting) this.hear({ kind: 'event', message: m });
      });
      return;
    }
    this.send(message);
  }

  private send(message: FeedMessage): void {
    const event = eventFor(this.viewer, message);
    // Another organiser's events leave no trace here, not even their ids.
    if (event) this.write(event.name, event.data, message.id);
  }

  /** The session signed out, its user disabled or their grants changed: end the stream or take the new scope. */
  private async recheck(): Promise<void> {
    try {
      const session = await findSessionByHash(this.db, this.viewer.tokenHash, this.now());
      if (!session.ok) {
        this.end();
        return;
      }
      this.viewer = { ...this.viewer, ...(await scopeOf(this.db, this.viewer.userId, this.viewer.organiserId)), tokenExpiresAt: session.expiresAt };
    } catch {
      // The database is away: the browser reconnects through a fresh ticket, which checks again.
      this.end();
    }
  }

  private beat(): void {
    if (this.now() >= this.viewer.tokenExpiresAt) this.end();
    else if (!this.closed) this.res.write(': ping\n\n');
  }

  private write(name: LiveEventName, data: string, id?: string): void {
    if (this.closed) return;
    this.res.write(`${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${data}\n\n`);
  }

  /** Tells the browser the session is over, then closes. */
  end(): void {
    this.write('end', '{}');
    this.res.end();
    this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    // The connection served this stream only: once its last bytes are out it goes, or a stopping server
    // would wait for the browser to drop it. (res.socket is detached by then, hence the one kept.)
    if (this.res.writableFinished || !this.res.writableEnded) this.socket?.destroy();
    else this.res.once('finish', () => this.socket?.destroy());
    clearInterval(this.heartbeat);
    this.unsubscribe();
    this.onEnd(this);
  }
}
