/**
 * The Tills page's actions: register a till (its device token is kept only until the page
 * moves on: it is shown once) and revoke one after asking.
 */
import type { TillCreated, TillView } from '@shop/shared/pos-till';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { registerTillMutation, revokeTillMutation } from '@/lib/api/tills.ts';
import { notify } from '@/lib/notify.tsx';

export function useTillActions() {
  const [created, setCreated] = useState<(TillCreated & { name: string }) | null>(null);
  const register = useMutation(registerTillMutation);
  const revoke = useMutation(revokeTillMutation);
  const { confirm, dialog } = useConfirm();

  const registerTill = (name: string, done: () => void) =>
    register.mutate(
      { name },
      {
        onSuccess: (till) => {
          setCreated({ ...till, name });
          done();
        },
      },
    );

  const revokeTill = async (till: TillView) => {
    const ok = await confirm(
      `Revoke “${till.name}” (${till.prefix})? The device can no longer sync or sell offline with this token; sales it has not synced stay on it.`,
      'Revoke',
    );
    if (!ok) return;
    revoke.mutate(till.id, {
      onSuccess: () => notify.success(`${till.name} revoked`, { area: 'admin' }),
      onError: (error) => notify.error(error.message, { area: 'admin' }),
    });
  };

  return {
    created,
    dismissCreated: () => setCreated(null),
    registerTill,
    registering: register.isPending,
    registerError: register.error?.message,
    revokeTill,
    dialog,
  };
}
