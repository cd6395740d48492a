/** The Sync conflicts page's actions: accept or void a held sale, after asking. */
import type { ConflictSale } from '@shop/shared/pos-till';
import { useMutation } from '@tanstack/react-query';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { settleHeldSaleMutation } from '@/lib/api/tills.ts';
import { notify } from '@/lib/notify.tsx';

export function useHeldSaleActions() {
  const settle = useMutation(settleHeldSaleMutation);
  const { confirm, dialog } = useConfirm();

  const decide = async (sale: ConflictSale, decision: 'accept' | 'void') => {
    const question =
      decision === 'accept'
        ? `Accept sale ${sale.number}? Its items are taken from stock, which may go below zero.`
        : `Void sale ${sale.number}? Its money is given back by the way it was paid, and the refund is recorded.`;
    if (!(await confirm(question, decision === 'accept' ? 'Accept' : 'Void'))) return;
    settle.mutate(
      { saleId: sale.id, decision },
      {
        onSuccess: () =>
          notify.success(`Sale ${sale.number} ${decision === 'accept' ? 'accepted' : 'voided'}`, { area: 'admin' }),
        onError: (error) => notify.error(error.message, { area: 'admin' }),
      },
    );
  };

  return { decide, busy: settle.isPending, dialog };
}
