/**
 * What a back-office page shows, inside the layout and its menu, to a member whose role may
 * not use it (opened by a link kept from before, or typed): a plain sentence and the way to
 * their own first page. Never a crash and never a sign-out.
 */
import { Link } from 'react-router';
import { buttonClass } from '@/components/admin/ui.tsx';
import { landingPath, MENU, usePermissions } from '@/lib/back-office-access.ts';
import { useSession } from '@/lib/session-store.ts';

export const NO_ACCESS = "You don't have access to this page";

export function NoAccess() {
  const permissions = usePermissions();
  const staffRole = useSession((s) => s.user?.staffRole);
  const home = landingPath(permissions);
  const homeLabel = MENU.find((entry) => entry.to === home)?.label ?? 'your first page';
  return (
    <>
      <title>No access · Adire back office</title>
      <div className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{NO_ACCESS}</h1>
        <p className="mt-3 text-sm text-neutral-700">
          {staffRole ? `Your role, ${staffRole}, does not include it.` : 'Your role does not include it.'} Ask the shop's owner if
          you need it.
        </p>
        <Link to={home} className={`${buttonClass.primary} mt-6`}>
          Go to {homeLabel}
        </Link>
      </div>
    </>
  );
}
