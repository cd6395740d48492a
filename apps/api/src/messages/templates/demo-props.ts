/**
 * Realistic props for every template, as the demo shop would send them: the e-mail preview
 * (cli/email-preview.ts) renders them and the template tests check what they say. The shop
 * and bank account mirror the demo data (seed/checkout.ts); money is in naira, as in OrderView.
 */
import { MESSAGE_TEMPLATES, type MessageTemplate, type OrderView } from '@shop/shared';
import type { MessageProps, ShopInfo } from '../catalog.ts';

export const DEMO_SHOP: ShopInfo = {
  name: 'Adire',
  address: '24 Herbert Macaulay Way, Yaba, Lagos',
  phone: '+234 801 234 5678',
  url: 'https://adire.ng',
  whatsappNumber: '+234 801 234 5678',
  vatIncluded: true,
};

type Line = OrderView['lines'][number];

function line(
  id: string,
  fields: Pick<Line, 'title' | 'size' | 'color' | 'sku' | 'unitPrice' | 'quantity'> & { unitDiscount?: number },
): Line {
  const unitDiscount = fields.unitDiscount ?? 0;
  return {
    id,
    productId: `prod-${id}`,
    variantId: `var-${id}`,
    imageUrl: null,
    restockedQuantity: 0,
    ...fields,
    unitDiscount,
    lineTotal: (fields.unitPrice - unitDiscount) * fields.quantity,
  };
}

const LAGOS_STANDARD = { method: 'Standard delivery', kind: 'free_over', etaDays: 2, pickupAddress: '' };

/**
 * A Lagos order paid by card: two lines in sizes and colours, WELCOME10 (10 % off), ₦2,500
 * delivery: ₦20,000 − ₦2,000 + ₦2,500 = ₦20,500.
 */
export const DEMO_PAID_ORDER: OrderView = {
  id: 'ord-demo-123',
  number: 'NG-000123',
  status: 'paid',
  channel: 'web',
  email: 'adaeze.okafor@example.com',
  contactEmail: null,
  name: 'Adaeze Okafor',
  phone: '+234 803 555 0142',
  address: '14 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos Mainland',
  country: 'Nigeria',
  subtotal: 20000,
  discount: 2000,
  couponDiscount: 2000,
  couponCode: 'WELCOME10',
  deliveryFee: 2500,
  delivery: LAGOS_STANDARD,
  total: 20500,
  currency: 'NGN',
  paymentStatus: 'paid',
  amountPaid: 20500,
  amountRefunded: 0,
  balanceDue: 0,
  invoiceNumber: 'INV-000087',
  payments: [
    { id: 'pay-demo-1', method: 'paystack', amount: 20500, reference: 'NG-000123', createdAt: '2026-03-14T10:12:00.000Z' },
  ],
  refunds: [],
  transfer: null,
  cancellable: false,
  paymentProvider: 'paystack',
  paymentMethod: 'paystack',
  paymentReference: 'NG-000123',
  failureReason: null,
  paidAt: '2026-03-14T10:12:00.000Z',
  expiresAt: null,
  shopConfirmedAt: null,
  awaitingConfirmation: false,
  archivedAt: null,
  createdAt: '2026-03-14T10:05:00.000Z',
  lines: [
    line('l1', {
      title: 'Ankara Wrap Dress',
      size: 'medium',
      color: 'Burnt Orange',
      sku: 'DM-000042-M-BURNTORANGE',
      unitPrice: 12000,
      quantity: 1,
    }),
    line('l2', {
      title: 'Adire Tie-Dye Tee',
      size: 'large',
      color: 'Indigo',
      sku: 'DM-000057-L-INDIGO',
      unitPrice: 4000,
      quantity: 2,
    }),
  ],
  allowedTransitions: ['fulfilled', 'refunded'],
};

/** A Lagos Island order to be paid by bank transfer, its goods held for 24 hours. */
export const DEMO_TRANSFER_ORDER: OrderView = {
  ...DEMO_PAID_ORDER,
  id: 'ord-demo-124',
  number: 'NG-000124',
  status: 'pending',
  email: 'chinedu.eze@example.com',
  name: 'Chinedu Eze',
  phone: '+234 805 210 7788',
  address: '3 Ozumba Mbadiwe Avenue',
  city: 'Victoria Island',
  state: 'Lagos Island',
  subtotal: 48500,
  discount: 0,
  couponDiscount: 0,
  couponCode: null,
  deliveryFee: 3000,
  delivery: { ...LAGOS_STANDARD },
  total: 51500,
  paymentStatus: 'unpaid',
  amountPaid: 0,
  balanceDue: 51500,
  invoiceNumber: null,
  payments: [],
  transfer: {
    bankName: 'Zenith Bank',
    accountName: 'Adire Stores Ltd',
    accountNumber: '1012345678',
    amount: 51500,
    reference: 'NG-000124',
    payBy: '2026-03-15T09:30:00.000Z',
  },
  cancellable: true,
  paymentProvider: null,
  paymentMethod: 'transfer',
  paymentReference: null,
  paidAt: null,
  expiresAt: '2026-03-15T09:30:00.000Z',
  createdAt: '2026-03-14T09:30:00.000Z',
  lines: [
    line('l3', {
      title: 'Agbada Three-Piece Set',
      size: 'large',
      color: 'Navy',
      sku: 'DM-000108-L-NAVY',
      unitPrice: 45000,
      quantity: 1,
    }),
    line('l4', { title: 'Kente Bow Tie', size: '', color: 'Gold', sku: 'DM-000131-GOLD', unitPrice: 3500, quantity: 1 }),
  ],
  allowedTransitions: ['paid', 'cancelled'],
};

/** A pay-on-delivery order in Surulere: a line with a colour and no size, one marked down. */
export const DEMO_POD_ORDER: OrderView = {
  ...DEMO_PAID_ORDER,
  id: 'ord-demo-125',
  number: 'NG-000125',
  status: 'confirmed',
  email: 'funmi.adebayo@example.com',
  name: 'Funmilayo Adebayo',
  phone: '+234 802 447 9031',
  address: '9 Bode Thomas Street',
  city: 'Surulere',
  state: 'Lagos Mainland',
  subtotal: 14000,
  discount: 1000,
  couponDiscount: 0,
  couponCode: null,
  deliveryFee: 2500,
  total: 15500,
  paymentStatus: 'unpaid',
  amountPaid: 0,
  balanceDue: 15500,
  invoiceNumber: null,
  payments: [],
  cancellable: true,
  paymentProvider: null,
  paymentMethod: 'pod',
  paymentReference: null,
  paidAt: null,
  createdAt: '2026-03-14T11:40:00.000Z',
  lines: [
    line('l5', {
      title: 'Adire Throw Pillow Cover',
      size: '',
      color: 'Indigo',
      sku: 'DM-000210-INDIGO',
      unitPrice: 7000,
      unitDiscount: 500,
      quantity: 2,
    }),
  ],
  allowedTransitions: ['fulfilled', 'cancelled'],
};

/** The paid order after one tee (₦4,000) was refunded to the card. */
export const DEMO_REFUNDED_ORDER: OrderView = {
  ...DEMO_PAID_ORDER,
  paymentStatus: 'partially_refunded',
  amountRefunded: 4000,
  refunds: [
    {
      id: 'ref-demo-1',
      amount: 4000,
      reason: 'One tee was out of stock in large',
      status: 'processed',
      method: 'paystack',
      restocked: [],
      failureReason: null,
      note: null,
      createdAt: '2026-03-15T08:00:00.000Z',
      processedAt: '2026-03-15T08:01:00.000Z',
    },
  ],
};

const url = DEMO_SHOP.url;

/** A sale at the till, to a known customer, paid partly in cash (₦10,000 handed over) and partly by card. */
const DEMO_TILL_SALE: OrderView = {
  ...DEMO_PAID_ORDER,
  id: '5f0c1a9e-8d2b-4c61-9a7e-2b3c4d5e6f70',
  number: 'T2-000184',
  channel: 'pos',
  address: '',
  city: '',
  state: '',
  country: '',
  discount: 0,
  couponDiscount: 0,
  couponCode: null,
  deliveryFee: 0,
  delivery: null,
  total: 20000,
  amountPaid: 20000,
  invoiceNumber: 'INV-000088',
  payments: [{ id: 'pay-demo-2', method: 'cash', amount: 20000, reference: '', createdAt: '2026-03-14T10:12:00.000Z' }],
  paymentProvider: 'pos',
  paymentMethod: 'cash',
  allowedTransitions: [],
};

/** Every template's demo props. */
export const DEMO_PROPS: MessageProps = {
  welcome: { firstName: 'Adaeze' },
  'password-reset': { firstName: 'Adaeze', link: `${url}/reset-password?token=demo-3q2xV9kLrT8wYh4mN1cB6fZp`, minutes: 60 },
  'password-changed': { firstName: 'Adaeze' },
  'staff-invitation': {
    inviterName: 'Shop Admin',
    roleName: 'Cashier',
    link: `${url}/accept-invitation?token=demo-Vb7qP2sLx9KdT4nWc8hR1mYe`,
    hours: 72,
  },
  'order-received': { order: DEMO_TRANSFER_ORDER, orderUrl: `${url}/orders/${DEMO_TRANSFER_ORDER.id}` },
  'payment-received': {
    order: DEMO_PAID_ORDER,
    orderUrl: `${url}/orders/${DEMO_PAID_ORDER.id}`,
    invoiceUrl: `${url}/orders/${DEMO_PAID_ORDER.id}/invoice`,
  },
  'till-receipt': {
    order: DEMO_TILL_SALE,
    receiptUrl: `${url}/r/${DEMO_TILL_SALE.id}`,
    tenders: [
      { type: 'cash', amount: 8000, change: 2000 },
      { type: 'card', amount: 12000, change: 0 },
    ],
  },
  'order-shipped': {
    order: { ...DEMO_PAID_ORDER, status: 'fulfilled' },
    orderUrl: `${url}/orders/${DEMO_PAID_ORDER.id}`,
    note: 'Sent with GIG Logistics, waybill GIG-4471-2290. The rider will call you before arriving.',
  },
  'order-delivered': { order: { ...DEMO_PAID_ORDER, status: 'delivered' }, orderUrl: `${url}/orders/${DEMO_PAID_ORDER.id}` },
  'order-cancelled': {
    order: { ...DEMO_TRANSFER_ORDER, status: 'cancelled', transfer: null, cancellable: false },
    cartUrl: `${url}/cart`,
  },
  'order-refunded': {
    order: DEMO_REFUNDED_ORDER,
    orderUrl: `${url}/orders/${DEMO_PAID_ORDER.id}`,
    amount: 4000,
    reason: 'One tee was out of stock in large',
  },
  'shop-new-order': { order: DEMO_PAID_ORDER, adminUrl: `${url}/purchasetable/${DEMO_PAID_ORDER.id}` },
  'shop-low-stock': {
    items: [
      { title: 'Ankara Wrap Dress', label: 'medium / Burnt Orange', sku: 'DM-000042-M-BURNTORANGE', left: 2 },
      { title: 'Adire Tie-Dye Tee', label: 'large / Indigo', sku: 'DM-000057-L-INDIGO', left: 0 },
    ],
    threshold: 3,
    adminUrl: `${url}/producttable?stock=low`,
  },
  'shop-payment-problem': {
    orderNumber: 'NG-000126',
    reason: 'Payment of 2000000 NGN does not match the order total of 2050000 NGN',
    kind: 'verification',
    adminUrl: `${url}/purchasetable/ord-demo-126`,
  },
  'shop-bank-account-changed': {
    changedBy: 'Ngozi Okafor (Owner, ngozi@adire.ng)',
    before: { bankName: 'GTBank', accountName: 'Adire Fashion Ltd', accountNumber: '******4821' },
    after: { bankName: 'Access Bank', accountName: 'Adire Fashion Ltd', accountNumber: '******5678' },
    adminUrl: `${url}/settings`,
  },
  'back-in-stock': {
    title: 'Ankara Wrap Dress',
    size: 'medium',
    color: 'Burnt Orange',
    productId: 'prod-demo-42',
    variantId: 'var-demo-42-m',
    askedAt: '2026-03-02T09:15:00.000Z',
  },
  'price-drop': {
    firstName: 'Adaeze',
    items: [
      { productId: 'prod-demo-42', title: 'Ankara Wrap Dress', was: 25_000, now: 19_500 },
      { productId: 'prod-demo-7', title: 'Coral Bead Necklace', was: 12_000, now: 10_000 },
    ],
    wishlistUrl: `${url}/wishlist`,
  },
  'cart-recovery': {
    firstName: 'Adaeze',
    reminder: 1,
    lines: [
      { title: 'Ankara Wrap Dress', label: 'medium / Burnt Orange', quantity: 1, price: 25_000 },
      { title: 'Coral Bead Necklace', label: '', quantity: 2, price: 6_000 },
    ],
    total: 37_000,
    restoreUrl: `${url}/cart/restore?token=demo-token`,
    coupon: 'COMEBACK10',
    whatsappUrl: 'https://wa.me/2348012345678?text=Hello',
  },
  'transfer-reminder': { order: DEMO_TRANSFER_ORDER, orderUrl: `${url}/orders/${DEMO_TRANSFER_ORDER.id}` },
};

export type DemoMessage = { [T in MessageTemplate]: { name: string; template: T; props: MessageProps[T] } }[MessageTemplate];

/** What the preview renders: each template with its demo props, then the other cases worth seeing. */
export const DEMO_MESSAGES: DemoMessage[] = [
  ...MESSAGE_TEMPLATES.map((template) => ({ name: template, template, props: DEMO_PROPS[template] }) as DemoMessage),
  {
    name: 'order-received-pay-on-delivery',
    template: 'order-received',
    props: { order: DEMO_POD_ORDER, orderUrl: `${url}/orders/${DEMO_POD_ORDER.id}` },
  },
  {
    name: 'shop-payment-problem-refund',
    template: 'shop-payment-problem',
    props: {
      orderNumber: 'NG-000119',
      reason: 'Insufficient balance in the Paystack account for this refund',
      kind: 'refund',
      adminUrl: `${url}/purchasetable/ord-demo-119`,
    },
  },
];
