/**
 * The till, prepared: who is selling (switch by name and PIN), the sync banner, the search
 * and the customer on one side, the sale and its payment on the other (one column on a
 * phone), the receipt once a sale is made, and the sales kept on this device.
 */
import { useState } from 'react';
import { buttonClass } from '@/components/admin/ui.tsx';
import { useTill } from '../till-store.ts';
import { useTillSync } from '../use-till-sync.ts';
import { CustomerPicker } from './customer-picker.tsx';
import { DrawerButton } from './drawer-panel.tsx';
import { ParkedSales } from './parked-sales.tsx';
import { PinDialog } from './pin-dialog.tsx';
import { ProductSearch } from './product-search.tsx';
import { RecentSales } from './recent-sales.tsx';
import { ReturnsButton } from './returns-panel.tsx';
import { SaleLines } from './sale-lines.tsx';
import { SyncBanner } from './sync-banner.tsx';
import { TenderPanel } from './tender-panel.tsx';
import { TillReceipt } from './till-receipt.tsx';

export function TillScreen() {
  useTillSync();
  const device = useTill((s) => s.device);
  const staff = useTill((s) => s.staff);
  const cashier = useTill((s) => s.staff.find((m) => m.id === s.cashierId));
  const receipt = useTill((s) => s.receipt);
  const [switching, setSwitching] = useState(false);

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Point of Sale</h1>
          <p className="text-sm text-neutral-600">
            {device?.name} · till {device?.prefix}
            {cashier ? ` · Cashier: ${cashier.firstName} ${cashier.lastName}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ParkedSales />
          <DrawerButton />
          {cashier ? <ReturnsButton cashier={cashier} /> : null}
          <button type="button" onClick={() => setSwitching(true)} className={`${buttonClass.secondary} min-h-11`}>
            {cashier ? 'Switch cashier' : 'Choose cashier'}
          </button>
        </div>
      </header>
      <div className="print:hidden">
        <SyncBanner />
      </div>
      {receipt ? (
        <TillReceipt sale={receipt} />
      ) : !cashier ? (
        <p className="rounded-md border border-neutral-200 bg-white p-4 text-sm">Choose who is selling to start a sale.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <div className="min-w-0 space-y-4">
            <ProductSearch />
            <CustomerPicker />
          </div>
          <div className="min-w-0 space-y-4">
            <SaleLines cashier={cashier} />
            <TenderPanel cashier={cashier} />
          </div>
        </div>
      )}
      <div className="print:hidden">
        <RecentSales />
      </div>
      {switching ? (
        <PinDialog
          title="Switch cashier"
          reason="Choose your name and enter your till PIN."
          members={staff}
          onCancel={() => setSwitching(false)}
          onConfirmed={(member) => {
            setSwitching(false);
            void useTill.getState().switchCashier(member.id);
          }}
        />
      ) : null}
    </div>
  );
}
