/**
 * The templates render each message's key facts, in HTML and in plain text, from the demo
 * props the preview uses; user-typed text is escaped; missing optional parts do not break them.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGE_TEMPLATES, type MessageTemplate, type OrderView, VAT_NOTE } from '@shop/shared';
import type { MessageProps } from '../catalog.ts';
import {
  DEMO_MESSAGES,
  DEMO_PAID_ORDER,
  DEMO_POD_ORDER,
  DEMO_PROPS,
  DEMO_REFUNDED_ORDER,
  DEMO_SHOP,
  DEMO_TRANSFER_ORDER,
} from './demo-props.ts';
import { renderTemplate } from './index.tsx';
import { COLORS } from './theme.ts';

const render = <T extends MessageTemplate>(template: T, props: MessageProps[T] = DEMO_PROPS[template], shop = DEMO_SHOP) =>
  renderTemplate(template, props, shop);

/** Both parts say each fact (the text's columns may wrap a long value onto the next line). */
async function expectFacts<T extends MessageTemplate>(template: T, facts: string[], props?: MessageProps[T], shop = DEMO_SHOP) {
  const { html, text } = await render(template, props, shop);
  const flowing = text.replace(/\s+/g, ' ');
  for (const fact of facts) {
    expect(html, `${template} HTML: ${fact}`).toContain(fact);
    expect(flowing, `${template} text: ${fact}`).toContain(fact);
  }
  return { html, text };
}

const LINE_FACTS = [
  'Ankara Wrap Dress',
  'Size medium · Colour Burnt Orange',
  '1 × ₦12,000.00',
  'Adire Tie-Dye Tee',
  'Size large · Colour Indigo',
  '2 × ₦4,000.00',
  '₦8,000.00',
];
const TOTAL_FACTS = [
  '₦20,000.00',
  'Discount (WELCOME10)',
  '−₦2,000.00',
  'Delivery (Standard delivery)',
  '₦2,500.00',
  '₦20,500.00',
];

describe('every template', () => {
  it('has a component and demo props', () => {
    expect(Object.keys(DEMO_PROPS).sort()).toEqual([...MESSAGE_TEMPLATES].sort());
    expect(new Set(DEMO_MESSAGES.map((m) => m.name)).size).toBe(DEMO_MESSAGES.length);
  });

  it.each(DEMO_MESSAGES.map((m) => [m.name, m] as const))(
    '%s carries the shop look, its address and a clean text part',
    async (_name, m) => {
      const { html, text } = await renderTemplate(m.template, m.props, DEMO_SHOP);
      expect(html).toMatch(/^<!DOCTYPE html/);
      expect(html).toContain('<html dir="ltr" lang="en">');
      expect(html).toContain('max-width:600px');
      expect(html).toContain(`background-color:${COLORS.cream}`);
      expect(html).toContain('font-size:16px');
      expect(html).toContain(DEMO_SHOP.address);
      expect(text).toContain(DEMO_SHOP.address);
      expect(text.startsWith(DEMO_SHOP.name)).toBe(true);
      // Messages to shoppers say how to reach the shop; the shop's own say why they came.
      if (m.template.startsWith('shop-')) expect(text).toContain("shop's notification address");
      else expect(text).toContain(DEMO_SHOP.phone);
      expect(text).not.toMatch(/undefined|null|NaN|\[object Object\]/);
      expect(text).not.toMatch(/\n{3,}/);
      expect(text).not.toContain('<');
    },
  );
});

describe('account messages', () => {
  it('welcome greets by first name', async () => {
    await expectFacts('welcome', ['Welcome to Adire', 'Hi Adaeze,', DEMO_SHOP.url]);
    const { text } = await render('welcome', { firstName: '' });
    expect(text).toContain('Hello,');
  });

  it('password reset gives the link, how long it works, and what to do if it was not asked for', async () => {
    const link = DEMO_PROPS['password-reset'].link;
    const { html } = await expectFacts('password-reset', [link, 'works for 60 minutes', 'If you did not ask for this, ignore']);
    expect(html).toContain(`href="${link}"`);
  });

  it('staff invitation names who invited, the role, the link and how long it works', async () => {
    const link = DEMO_PROPS['staff-invitation'].link;
    const { html } = await expectFacts('staff-invitation', [
      'Join the Adire team',
      'Shop Admin invited you',
      'as Cashier',
      link,
      'works for 72 hours, and only once',
      'sign in with your current password',
    ]);
    expect(html).toContain(`href="${link}"`);
  });

  it('password changed says what to do if it was not you, with the shop phone', async () => {
    await expectFacts('password-changed', ['If it was not you', DEMO_SHOP.phone, `${DEMO_SHOP.url}/forgot-password`]);
  });
});

describe('order messages', () => {
  it('order received by transfer gives the bank account, amount, reference and pay-by time in Lagos', async () => {
    const { html } = await expectFacts('order-received', [
      'NG-000124',
      'Hi Chinedu,',
      'Zenith Bank',
      'Adire Stores Ltd',
      '1012345678',
      '₦51,500.00',
      'write NG-000124 as the reference',
      // 09:30 UTC is 10:30 in Lagos.
      'Sunday, 15 March 2026 at 10:30 (Lagos time)',
      'Agbada Three-Piece Set',
      'Size large · Colour Navy',
      'Colour Gold',
    ]);
    expect(html).toContain(`href="${DEMO_PROPS['order-received'].orderUrl}"`);
  });

  it('order received on delivery says to pay the rider the total, with no bank details', async () => {
    const props = { order: DEMO_POD_ORDER, orderUrl: `${DEMO_SHOP.url}/orders/${DEMO_POD_ORDER.id}` };
    const { text } = await expectFacts(
      'order-received',
      ['Pay on delivery', 'ready for the rider', '₦15,500.00', 'within 2 days', '2 × ₦6,500.00 (was ₦7,000.00)'],
      props,
    );
    expect(text).not.toContain('Account number');
  });

  it('order received for a transfer without bank details still says how to pay', async () => {
    const { text } = await render('order-received', {
      ...DEMO_PROPS['order-received'],
      order: { ...DEMO_TRANSFER_ORDER, transfer: null },
    });
    expect(text).toContain(`with NG-000124 as the reference. Call us on ${DEMO_SHOP.phone}`);
  });

  it('the receipt lists lines with size and colour, discount, delivery, total, invoice and payment method', async () => {
    const { html } = await expectFacts('payment-received', [
      'NG-000123',
      ...LINE_FACTS,
      ...TOTAL_FACTS,
      'INV-000087',
      DEMO_PROPS['payment-received'].invoiceUrl,
      'Payment method',
      'Card',
      '14 March 2026',
      VAT_NOTE,
    ]);
    expect(html).toContain(`href="${DEMO_PROPS['payment-received'].invoiceUrl}"`);
    const { text } = await render('payment-received', undefined, { ...DEMO_SHOP, vatIncluded: false });
    expect(text).not.toContain(VAT_NOTE);
  });

  it('order shipped gives the delivery method, the expected days and the tracking note', async () => {
    await expectFacts('order-shipped', [
      'NG-000123 is on its way',
      'Standard delivery',
      'within 2 days',
      'waybill GIG-4471-2290',
      'Size medium · Colour Burnt Orange',
    ]);
    const { text } = await render('order-shipped', { ...DEMO_PROPS['order-shipped'], note: null });
    expect(text).not.toContain('A note from us');
  });

  it('order shipped for pickup says where to collect it, and what is left to pay', async () => {
    const order: OrderView = {
      ...DEMO_POD_ORDER,
      delivery: {
        method: 'Pickup at our Yaba shop',
        kind: 'pickup',
        etaDays: 1,
        pickupAddress: '24 Herbert Macaulay Way, Yaba, Lagos',
      },
    };
    await expectFacts('order-shipped', ['ready to collect', 'Collect it at 24 Herbert Macaulay Way', 'bring ₦15,500.00'], {
      order,
      orderUrl: `${DEMO_SHOP.url}/orders/x`,
      note: null,
    });
  });

  it('order delivered names the order', async () => {
    await expectFacts('order-delivered', ['NG-000123 was delivered', 'Ankara Wrap Dress']);
  });

  it('order cancelled says the items went back on sale and links to the cart', async () => {
    const { html } = await expectFacts('order-cancelled', ['NG-000124 was cancelled', 'back on sale', 'Agbada Three-Piece Set']);
    expect(html).toContain(`href="${DEMO_SHOP.url}/cart"`);
  });

  it('order refunded gives the amount, the reason and what stays paid', async () => {
    await expectFacts('order-refunded', [
      '₦4,000.00',
      'One tee was out of stock in large',
      '₦16,500.00 stays paid',
      'back to the card',
    ]);
    const whole = { ...DEMO_REFUNDED_ORDER, amountRefunded: 20500, paymentStatus: 'refunded' as const };
    await expectFacts('order-refunded', ['whole order is now refunded'], {
      ...DEMO_PROPS['order-refunded'],
      order: whole,
      amount: 16500,
    });
  });
});

describe('shop messages', () => {
  it('new order gives the customer, lines, total, payment, delivery and the back-office link', async () => {
    const { html } = await expectFacts('shop-new-order', [
      'New order NG-000123',
      'Adaeze Okafor',
      'adaeze.okafor@example.com',
      '+234 803 555 0142',
      '14 Allen Avenue, Ikeja, Lagos Mainland',
      ...LINE_FACTS,
      ...TOTAL_FACTS,
      'Card',
      DEMO_PROPS['shop-new-order'].adminUrl,
    ]);
    expect(html).toContain(`href="${DEMO_PROPS['shop-new-order'].adminUrl}"`);
  });

  it('low stock lists each item with size/colour, SKU and units left, and the threshold', async () => {
    await expectFacts('shop-low-stock', [
      'Ankara Wrap Dress',
      'medium / Burnt Orange',
      'SKU DM-000042-M-BURNTORANGE',
      '2 left',
      'large / Indigo',
      'Sold out',
      'threshold of 3 units',
      DEMO_PROPS['shop-low-stock'].adminUrl,
    ]);
    const { text } = await render('shop-low-stock', {
      ...DEMO_PROPS['shop-low-stock'],
      items: [{ title: 'Shea Butter', label: '', sku: '', left: 1 }],
    });
    expect(text).toContain('This item has fallen');
    expect(text).toContain('1 left');
  });

  it('payment problem says what happened, on which order, with a link', async () => {
    const props = DEMO_PROPS['shop-payment-problem'];
    await expectFacts('shop-payment-problem', ['did not check out', props.orderNumber, props.reason, props.adminUrl]);
    await expectFacts('shop-payment-problem', ['A refund failed on order NG-000119', 'Insufficient balance'], {
      ...props,
      orderNumber: 'NG-000119',
      reason: 'Insufficient balance',
      kind: 'refund',
    });
  });

  it('bank account changed says who changed it, the old and new account (masked), and what to do if it was not expected', async () => {
    const props = DEMO_PROPS['shop-bank-account-changed'];
    await expectFacts('shop-bank-account-changed', [
      'bank account for transfers was changed',
      props.changedBy,
      'GTBank',
      '******4821',
      'Access Bank',
      '******5678',
      'If you did not expect this',
      props.adminUrl,
    ]);
  });
});

describe('marketing', () => {
  it('back in stock names the size and links the product with that variant chosen, and its footer the unsubscribe page', async () => {
    const props = DEMO_PROPS['back-in-stock'];
    const unsubscribeUrl = `${DEMO_SHOP.url}/unsubscribe?token=abc.def`;
    const { html } = await expectFacts(
      'back-in-stock',
      ['Ankara Wrap Dress (medium / Burnt Orange) is back in stock', 'See it now', 'Unsubscribe'],
      props,
      { ...DEMO_SHOP, unsubscribeUrl },
    );
    expect(html).toContain(`href="${DEMO_SHOP.url}/productdetails/${props.productId}?variant=${props.variantId}"`);
    expect(html).toContain(`href="${unsubscribeUrl}"`);
  });

  it('price drop lists each product with its old and new price, links the wishlist, and can be unsubscribed from', async () => {
    const props = DEMO_PROPS['price-drop'];
    const unsubscribeUrl = `${DEMO_SHOP.url}/unsubscribe?token=abc.def`;
    const { html } = await expectFacts(
      'price-drop',
      [
        'Hi Adaeze,',
        'Ankara Wrap Dress',
        'Was ₦25,000.00',
        '₦19,500.00',
        'Coral Bead Necklace',
        'See your wishlist',
        'Unsubscribe',
      ],
      props,
      { ...DEMO_SHOP, unsubscribeUrl },
    );
    expect(html).toContain(`href="${props.wishlistUrl}"`);
  });

  it('has no unsubscribe line in a message that is not marketing', async () => {
    const { text } = await render('welcome');
    expect(text).not.toContain('Unsubscribe');
  });
});

describe('the till receipt', () => {
  it('lists what was bought, each tender with the change, and links the public receipt', async () => {
    const props = DEMO_PROPS['till-receipt'];
    const { html, text } = await render('till-receipt');
    for (const fact of [
      'T2-000184',
      'Cash',
      '₦8,000.00 (change ₦2,000.00)',
      'Card',
      '₦12,000.00',
      'Ankara Wrap Dress',
      'View or print your receipt',
    ]) {
      expect(text).toContain(fact);
    }
    expect(html).toContain(`href="${props.receiptUrl}"`);
    expect(html).not.toContain('/invoice');
  });
});

describe('user-typed text', () => {
  const EVIL = '<script>alert(1)</script>';
  const evilOrder: OrderView = {
    ...DEMO_TRANSFER_ORDER,
    name: EVIL,
    address: EVIL,
    couponCode: EVIL,
    discount: 100,
    lines: DEMO_TRANSFER_ORDER.lines.map((l) => ({ ...l, title: EVIL, size: EVIL, color: EVIL })),
  };
  const url = DEMO_SHOP.url;
  const cases: { [T in MessageTemplate]: MessageProps[T] } = {
    welcome: { firstName: EVIL },
    'password-reset': { firstName: EVIL, link: `${url}/reset-password?token=abc`, minutes: 60 },
    'password-changed': { firstName: EVIL },
    'staff-invitation': { inviterName: EVIL, roleName: EVIL, link: `${url}/accept-invitation?token=abc`, hours: 72 },
    'order-received': { order: evilOrder, orderUrl: url },
    'payment-received': { order: { ...evilOrder, invoiceNumber: 'INV-000001' }, orderUrl: url, invoiceUrl: url },
    'order-shipped': { order: evilOrder, orderUrl: url, note: EVIL },
    'order-delivered': { order: evilOrder, orderUrl: url },
    'order-cancelled': { order: evilOrder, cartUrl: url },
    'order-refunded': { order: evilOrder, orderUrl: url, amount: 10, reason: EVIL },
    'till-receipt': { order: evilOrder, receiptUrl: url, tenders: [{ type: 'cash', amount: 10, change: 0 }] },
    'shop-new-order': { order: evilOrder, adminUrl: url },
    'shop-low-stock': { items: [{ title: EVIL, label: EVIL, sku: EVIL, left: 1 }], threshold: 3, adminUrl: url },
    'shop-payment-problem': { orderNumber: EVIL, reason: EVIL, kind: 'verification', adminUrl: url },
    'shop-bank-account-changed': {
      changedBy: EVIL,
      before: { bankName: EVIL, accountName: EVIL, accountNumber: '******4821' },
      after: { bankName: EVIL, accountName: EVIL, accountNumber: '******5678' },
      adminUrl: url,
    },
    'back-in-stock': {
      title: EVIL,
      size: EVIL,
      color: EVIL,
      productId: 'p',
      variantId: 'v',
      askedAt: '2026-03-02T09:15:00.000Z',
    },
    'price-drop': { firstName: EVIL, items: [{ productId: 'p', title: EVIL, was: 20, now: 10 }], wishlistUrl: url },
    'cart-recovery': {
      firstName: EVIL,
      reminder: 1,
      lines: [{ title: EVIL, label: EVIL, quantity: 1, price: 10 }],
      total: 10,
      restoreUrl: url,
      coupon: EVIL,
      whatsappUrl: url,
    },
    'transfer-reminder': { order: evilOrder, orderUrl: url },
  };

  it.each(MESSAGE_TEMPLATES)('is escaped in %s', async (template) => {
    const { html } = await renderTemplate(template, cases[template], { ...DEMO_SHOP, name: EVIL, address: EVIL });
    expect(html).not.toContain(EVIL);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('checkout recovery', () => {
  it('cart recovery lists the lines, the coupon, the restore link and WhatsApp, and can be unsubscribed from', async () => {
    const props = DEMO_PROPS['cart-recovery'];
    const unsubscribeUrl = `${DEMO_SHOP.url}/unsubscribe?token=abc.def`;
    const { html } = await expectFacts(
      'cart-recovery',
      [
        'Hi Adaeze,',
        'Ankara Wrap Dress',
        'medium / Burnt Orange',
        '₦12,000.00',
        'COMEBACK10',
        'Back to my cart',
        'Continue on WhatsApp',
        'Unsubscribe',
      ],
      props,
      { ...DEMO_SHOP, unsubscribeUrl },
    );
    expect(html).toContain(`href="${props.restoreUrl}"`);
    expect(html).toContain(`href="${props.whatsappUrl}"`);
  });

  it('the transfer reminder gives the amount, the account and the time the order is released', async () => {
    const props = DEMO_PROPS['transfer-reminder'];
    await expectFacts(
      'transfer-reminder',
      [props.order.number, props.order.transfer!.accountNumber, 'is released', 'View your order'],
      props,
    );
  });
});

describe('orders without the optional parts', () => {
  // A counter sale as the point of sale records it: no delivery, no coupon, no address, no size or colour.
  const bare: OrderView = {
    ...DEMO_PAID_ORDER,
    channel: 'pos',
    name: '',
    email: '',
    phone: '',
    address: '',
    city: '',
    state: '',
    subtotal: 9000,
    discount: 0,
    couponDiscount: 0,
    couponCode: null,
    deliveryFee: 0,
    delivery: null,
    total: 9000,
    amountPaid: 9000,
    invoiceNumber: null,
    paidAt: null,
    paymentMethod: 'cash',
    payments: [],
    lines: [{ ...DEMO_PAID_ORDER.lines[0]!, size: '', color: '', unitPrice: 9000, quantity: 1, lineTotal: 9000 }],
  };
  const url = DEMO_SHOP.url;
  const orderCases: { [T in MessageTemplate]?: MessageProps[T] } = {
    'order-received': { order: { ...bare, channel: 'web', paymentMethod: 'pod', balanceDue: 9000 }, orderUrl: url },
    'payment-received': { order: bare, orderUrl: url, invoiceUrl: url },
    'order-shipped': { order: bare, orderUrl: url, note: null },
    'order-delivered': { order: bare, orderUrl: url },
    'order-cancelled': { order: bare, cartUrl: url },
    'order-refunded': { order: { ...bare, amountRefunded: 9000 }, orderUrl: url, amount: 9000, reason: 'Returned' },
    'shop-new-order': { order: bare, adminUrl: url },
  };

  it.each(Object.keys(orderCases) as MessageTemplate[])('render %s', async (template) => {
    const { html, text } = await renderTemplate(template, orderCases[template]!, {
      ...DEMO_SHOP,
      address: '',
      whatsappNumber: '',
    });
    expect(html).toContain('₦9,000.00');
    expect(text).not.toMatch(/Discount|Delivery \(|Size |Colour |undefined|null|NaN/);
    if (!template.startsWith('shop-')) expect(text).toContain(`Questions? Call us on ${DEMO_SHOP.phone}.`);
  });

  it('the receipt of a counter sale says how it was paid', async () => {
    const { text } = await renderTemplate('payment-received', orderCases['payment-received']!, DEMO_SHOP);
    expect(text).toContain('Cash (at the shop)');
    expect(text).toContain('View your invoice');
  });
});

describe('the look', () => {
  /** WCAG contrast ratio of two #rrggbb colours. */
  function contrast(a: string, b: string): number {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  }

  it('passes AA contrast for text, links and buttons', () => {
    expect(contrast(COLORS.ink, COLORS.cream)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(COLORS.accent, COLORS.white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(COLORS.accent, COLORS.cream)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(COLORS.muted, COLORS.white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(COLORS.muted, COLORS.cream)).toBeGreaterThanOrEqual(4.5);
  });
});
