/**
 * Sign-in security (/security), every member's own: two-factor sign-in (set it up, turn it
 * off) and the devices signed in to their account. When the shop requires two-factor sign-in
 * of them and it is not on, the server refuses them everything else (403 "Set up two-factor
 * sign-in first") and the back office brings them here: the page says why and shows only what
 * still answers then (their sessions do not).
 */
import { PageHeader } from '@/components/admin/ui.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useTwoFactorHold } from '@/lib/two-factor-hold.ts';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

export function SecurityPage() {
  const user = useSession((s) => s.user);
  const held = useTwoFactorHold((s) => user !== null && s.heldMemberId === user.id) && user?.twoFactor !== true;

  return (
    <>
      <PageHeader title="Sign-in security" description="Two-factor sign-in, and the devices signed in to your account." />
      {held ? (
        <div role="status" className="mb-6 max-w-3xl rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-neutral-900">
          <strong>Set up two-factor sign-in first.</strong> The shop asks you to sign in with a code from your phone as well as
          your password. Until it is on, the rest of the back office stays closed to you.
        </div>
      ) : null}
      <div className="grid max-w-3xl grid-cols-1 gap-6">
        <TwoFactorCard />
        {held ? null : <SessionsCard />}
      </div>
    </>
  );
}
