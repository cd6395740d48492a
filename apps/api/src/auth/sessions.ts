/**
 * Staff sign-in sessions: every staff token names one (its `sid`), so a session can be ended
 * (signing out, the Staff page, a lost phone) and ends by itself after a time without use
 * (STAFF_SESSION_IDLE_MINUTES) and a week after sign-in in any case. The one writer of
 * `staff_sessions`. Shoppers' tokens have no session (docs/decisions/0021).
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { type StaffSessionRow, staffSessions } from '../db/schema/index.ts';

/** How long a session lasts at most, however busy. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** Seen within this long, a session's last-seen time is not written again (a write per request is not worth it). */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Db | Tx,
  input: { userId: string; ip: string; userAgent: string },
): Promise<StaffSessionRow> {
  const [row] = await db
    .insert(staffSessions)
    .values({ ...input, userAgent: input.userAgent.slice(0, 400), expiresAt: new Date(Date.now() + SESSION_MAX_MS) })
    .returning();
  return row!;
}

/**
 * Whether the user's session is alive (not revoked, not a week old, used within `idleMinutes`);
 * keeps it alive. One statement: a conditional UPDATE when it is time to touch it, else a read.
 */
export async function touchSession(db: Db, sessionId: string, userId: string, idleMinutes: number): Promise<boolean> {
  const idle = sql`now() - make_interval(mins => ${idleMinutes})`;
  const alive = and(
    eq(staffSessions.id, sessionId),
    eq(staffSessions.userId, userId),
    isNull(staffSessions.revokedAt),
    gt(staffSessions.expiresAt, sql`now()`),
    gt(staffSessions.lastSeenAt, idle),
  );
  const [touched] = await db
    .update(staffSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(alive, lt(staffSessions.lastSeenAt, sql`now() - make_interval(secs => ${TOUCH_EVERY_MS / 1000})`)))
    .returning({ id: staffSessions.id });
  if (touched) return true;
  const [seen] = await db.select({ id: staffSessions.id }).from(staffSessions).where(alive);
  return seen !== undefined;
}

/** A member's sessions still alive, newest first. */
export async function listSessions(db: Db, userId: string, idleMinutes: number): Promise<StaffSessionRow[]> {
  return db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.userId, userId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        gt(staffSessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
      ),
    )
    .orderBy(desc(staffSessions.lastSeenAt));
}

/** Ends one of a member's sessions (or, without an id, all of them); how many ended. */
export async function revokeSessions(db: Db | Tx, userId: string, sessionId?: string): Promise<number> {
  const ended = await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(staffSessions.userId, userId),
        isNull(staffSessions.revokedAt),
        sessionId ? eq(staffSessions.id, sessionId) : undefined,
      ),
    )
    .returning({ id: staffSessions.id });
  return ended.length;
}
