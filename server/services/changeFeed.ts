import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDb, Database } from '../db/client';
import { setInvalidationBroadcast, sessionCacheOf, type InvalidationNotice } from './sessionCache';

/**
 * One change feed for every replica sharing a database: a write that other replicas (and the browsers
 * connected to them) must hear of publishes `NOTIFY zbzj_events, '<json>'`; every replica LISTENs on
 * the channel (server/db/client.ts: PGlite's listen in process or in its worker, a dedicated connection
 * on PostgreSQL), applies what concerns its own caches and fans the rest out to its open event streams
 * (server/modules/live/live.routes.ts). A NOTIFY sent inside a transaction is delivered when it
 * commits, and not at all when it rolls back.
 */
export const FEED_CHANNEL = 'zbzj_events';

/**
 * Who signed out (t: the token's SHA-256, never the token), whose sessions, authorities or scope changed
 * (u), or everybody's (all): every replica forgets them (sessionCache.ts).
 */
export type AuthChange = InvalidationNotice;

/** A pass recorded at a gate or the desk: organiser, project, activity. */
export interface CheckinChange {
  k: 'checkin';
  o: number;
  p: number | null;
  a: number;
}

/** A notice delivered: to one user (u) or to whoever of the organiser may read it. */
export interface NoticeChange {
  k: 'notice';
  o: number;
  u: number | null;
}

export type FeedEvent = AuthChange | CheckinChange | NoticeChange;

/** One notification on the channel: a feed-wide id, the replica that sent it, the event. */
export interface FeedMessage {
  id: string;
  r: string;
  e: FeedEvent;
}

/** What an event stream is told: an event, or that events may have been lost (it should reload). */
export type FeedSignal = { kind: 'event'; message: FeedMessage } | { kind: 'gap' };

/**
 * How many recent events a replica keeps for resuming streams (Last-Event-ID). Every replica receives
 * every event, so a browser may resume on any of them; an id no longer here means "reload".
 */
const RING_SIZE = 2000;

/** Whatever can run a statement: the app's handle or a transaction of it. */
type Executor = Pick<AppDb, 'execute'>;

export class ChangeFeed {
  /** This replica's name in the ids of the events it publishes. */
  readonly replica = randomBytes(6).toString('base64url');
  private counter = 0;
  private readonly ring: FeedMessage[] = [];
  private readonly subscribers = new Set<(signal: FeedSignal) => void>();
  private stop: (() => Promise<void>) | null = null;
  /** Apps over the same handle (tests) share one feed. */
  users = 0;

  constructor(private readonly db: AppDb) {}

  async start(database: Database): Promise<void> {
    this.stop = await database.listen(FEED_CHANNEL, (payload) => this.receive(payload), () => this.gap());
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
    this.subscribers.clear();
  }

  /** Publishes an event through `executor`; inside a transaction it is delivered at commit. */
  async publish(executor: Executor, event: FeedEvent): Promise<void> {
    const message: FeedMessage = { id: `${this.replica}.${++this.counter}`, r: this.replica, e: event };
    await executor.execute(sql`select pg_notify(${FEED_CHANNEL}, ${JSON.stringify(message)})`);
  }

  subscribe(listener: (signal: FeedSignal) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  get streams(): number {
    return this.subscribers.size;
  }

  /** The events after `id`, oldest first; null when `id` is not among the recent ones (too old, or unknown). */
  since(id: string): FeedMessage[] | null {
    for (let i = this.ring.length - 1; i >= 0; i--) if (this.ring[i].id === id) return this.ring.slice(i + 1);
    return null;
  }

  private receive(payload: string): void {
    let message: FeedMessage;
    try {
      message = JSON.parse(payload) as FeedMessage;
    } catch {
      return;
    }
    if (typeof message?.id !== 'string' || typeof message.e?.k !== 'string') return;
    this.ring.push(message);
    if (this.ring.length > RING_SIZE) this.ring.splice(0, this.ring.length - RING_SIZE);
    // This replica's own changes were applied to its cache as they were made (sessionCache.ts).
    if (message.e.k === 'auth' && message.r !== this.replica) applyAuthChange(this.db, message.e);
    this.broadcast({ kind: 'event', message });
  }

  /** The listening connection was lost and reopened: any change may have been missed meanwhile. */
  private gap(): void {
    sessionCacheOf(this.db).invalidateAll();
    this.broadcast({ kind: 'gap' });
  }

  private broadcast(signal: FeedSignal): void {
    for (const listener of this.subscribers) listener(signal);
  }
}

function applyAuthChange(db: AppDb, change: AuthChange): void {
  const cache = sessionCacheOf(db);
  if (change.all) cache.invalidateAll();
  if (change.u !== undefined) cache.invalidateUser(change.u);
  if (change.t !== undefined) cache.invalidateToken(change.t);
}

const feeds = new WeakMap<AppDb, ChangeFeed>();

/** Starts the feed of a database handle (server/plugins/database.ts); a second app over it shares it. */
export async function attachChangeFeed(database: Database, onError: (error: unknown) => void): Promise<ChangeFeed> {
  let feed = feeds.get(database.db);
  if (!feed) {
    feed = new ChangeFeed(database.db);
    feeds.set(database.db, feed);
    await feed.start(database);
    const publishing = feed;
    setInvalidationBroadcast(database.db, (change) => publishing.publish(database.db, change).catch(onError));
  }
  feed.users++;
  return feed;
}

export async function detachChangeFeed(db: AppDb): Promise<void> {
  const feed = feeds.get(db);
  if (!feed || --feed.users > 0) return;
  feeds.delete(db);
  setInvalidationBroadcast(db, null);
  await feed.close();
}

export function changeFeedOf(db: AppDb): ChangeFeed | undefined {
  return feeds.get(db);
}

/**
 * Publishes a change on the feed of `db` (through `executor`, a transaction of it or itself). Without a
 * feed (a seed script) there is nobody to tell. Failing to tell is no reason to fail the write.
 */
export async function publishChange(db: AppDb, event: FeedEvent, executor: Executor = db): Promise<void> {
  const feed = feeds.get(db);
  if (!feed) return;
  try {
    await feed.publish(executor, event);
  } catch (error) {
    if (executor !== db) throw error;
    process.emitWarning(`变更通知发送失败：${error instanceof Error ? error.message : String(error)}`);
  }
}
