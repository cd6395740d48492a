/**
 * Lost phone: turning off another member's two-factor sign-in (an Owner on the Staff page, or
 * whoever runs the server with `npm run admin:create -- --email … --reset-2fa`). Their sessions
 * end with it (the lost phone may hold one), and the reset is audited, all in one transaction.
 */
import type { Db } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { type Origin, recordEvent, SIGN_IN_EVENTS } from './events.ts';
import { revokeSessions } from './sessions.ts';
import type { TwoFactor } from './two-factor.ts';

export interface ResetBy {
  /** The Owner resetting it; null from the command line. */
  actor: UserRow | null;
  actorRole: string | null;
  origin: Origin | null;
  /** Where it was done, as the audit entry says: "staff page", "command line". */
  via: string;
}

/** Whether two-factor was on; when it was not, nothing but a setup not finished changes (it goes too). */
export async function resetTwoFactor(db: Db, twoFactor: TwoFactor, member: UserRow, by: ResetBy): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await twoFactor.turnOff(tx, member.id))) return false;
    const sessionsEnded = await revokeSessions(tx, member.id);
    await recordEvent(tx, {
      actor: by.actor,
      actorRole: by.actorRole,
      origin: by.origin,
      action: SIGN_IN_EVENTS.twoFactorReset,
      entityId: member.id,
      after: { member: member.email, sessionsEnded, via: by.via },
    });
    return true;
  });
}
