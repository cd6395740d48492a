/**
 * The templates, by name: each message's React Email component, rendered to HTML and to the
 * plain-text part. The text is the HTML converted (toPlainText), told to print the `data-text`
 * tables (layout.tsx) as aligned columns and to keep headings as written.
 */
import type { MessageTemplate } from '@shop/shared';
import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import type { MessageProps, ShopInfo } from '../catalog.ts';
import type { Rendered } from '../render.ts';
import { BackInStock } from './back-in-stock.tsx';
import { CartRecovery } from './cart-recovery.tsx';
import type { TemplateProps } from './layout.tsx';
import { OrderCancelled } from './order-cancelled.tsx';
import { OrderDelivered } from './order-delivered.tsx';
import { OrderReceived } from './order-received.tsx';
import { OrderRefunded } from './order-refunded.tsx';
import { OrderShipped } from './order-shipped.tsx';
import { PasswordChanged } from './password-changed.tsx';
import { PasswordReset } from './password-reset.tsx';
import { PriceDrop } from './price-drop.tsx';
import { PaymentReceived } from './payment-received.tsx';
import { ShopBankAccountChanged } from './shop-bank-account-changed.tsx';
import { ShopLowStock } from './shop-low-stock.tsx';
import { ShopNewOrder } from './shop-new-order.tsx';
import { ShopPaymentProblem } from './shop-payment-problem.tsx';
import { StaffInvitation } from './staff-invitation.tsx';
import { TillReceipt } from './till-receipt.tsx';
import { TransferReminder } from './transfer-reminder.tsx';
import { Welcome } from './welcome.tsx';

type Component<T extends MessageTemplate> = (props: TemplateProps<T>) => ReactElement;

export const TEMPLATES: { [T in MessageTemplate]: Component<T> } = {
  welcome: Welcome,
  'password-reset': PasswordReset,
  'password-changed': PasswordChanged,
  'staff-invitation': StaffInvitation,
  'order-received': OrderReceived,
  'payment-received': PaymentReceived,
  'order-shipped': OrderShipped,
  'order-delivered': OrderDelivered,
  'order-cancelled': OrderCancelled,
  'order-refunded': OrderRefunded,
  'till-receipt': TillReceipt,
  'shop-new-order': ShopNewOrder,
  'shop-low-stock': ShopLowStock,
  'shop-payment-problem': ShopPaymentProblem,
  'shop-bank-account-changed': ShopBankAccountChanged,
  'back-in-stock': BackInStock,
  'price-drop': PriceDrop,
  'cart-recovery': CartRecovery,
  'transfer-reminder': TransferReminder,
};

const columns = { uppercaseHeaderCells: false, maxColumnWidth: 60 };
const TEXT_OPTIONS = {
  selectors: [
    { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 2 } },
    { selector: 'h2', options: { uppercase: false, leadingLineBreaks: 2 } },
    // The logo and the WhatsApp link: their words say enough in text.
    { selector: 'a[data-text=no-href]', format: 'anchor', options: { ignoreHref: true } },
    { selector: 'table[data-text=table]', format: 'dataTable', options: columns },
    { selector: 'table[data-text=lines]', format: 'dataTable', options: { ...columns, rowSpacing: 1 } },
    { selector: 'hr', options: { length: 40 } },
  ],
};

export async function renderTemplate<T extends MessageTemplate>(
  template: T,
  props: MessageProps[T],
  shop: ShopInfo,
): Promise<Rendered> {
  // TEMPLATES pairs each name with its props' component; TypeScript cannot follow T through the lookup.
  const Template = TEMPLATES[template] as unknown as (props: TemplateProps<MessageTemplate>) => ReactElement;
  const html = await render(<Template {...props} shop={shop} />);
  return { html, text: toPlainText(html, TEXT_OPTIONS).trim() };
}
