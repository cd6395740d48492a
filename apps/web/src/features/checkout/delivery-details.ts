/**
 * The pure side of the "Delivery and payment" step: what the form asks (and requires),
 * what it starts with (the shopper's profile), and how a delivery method reads.
 */
import type { AddressView } from '@shop/shared/addresses';
import type { AuthUser } from '@shop/shared/auth';
import { type DeliveryKind, deliveryAddressForm, deliveryStateOf, etaText, MISSING_ADDRESS } from '@shop/shared/delivery';
import { formatNairaAmount } from '@shop/shared/money';
import { MESSAGES_ORDER, type WebPaymentMethod } from '@shop/shared/orders';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client.ts';

/**
 * The only country delivered to: sent with every quote and order (the server refuses others).
 * @shop/shared's DELIVERY_COUNTRY, spelled out here: importing it put the storefront's entry
 * 10 bytes over its 120 kB budget (CI run C, 2026-11-27), for the same word; a test keeps the two equal.
 */
export const COUNTRY = 'Nigeria';

/** The address part of the checkout body, as the step requires it (shared with the form without JavaScript). */
export { deliveryAddressForm };
export type DeliveryAddressInput = z.input<typeof deliveryAddressForm>;
export type DeliveryAddress = z.output<typeof deliveryAddressForm>;

/** The form's first values: the profile's ("Lagos" is Lagos Mainland; a state we do not know stays unchosen). */
export function profileDefaults(user: AuthUser | null): DeliveryAddressInput {
  return {
    name: user ? `${user.fname} ${user.lname}`.trim() : '',
    phone: user?.phone ?? '',
    address: user?.address ?? '',
    city: user?.city ?? '',
    state: (deliveryStateOf(user?.state) ?? '') as DeliveryAddressInput['state'],
  };
}

/** A saved address as the form holds it (a state the list no longer has stays unchosen). */
export function addressDefaults(saved: AddressView): DeliveryAddressInput {
  return {
    name: saved.name,
    phone: saved.phone,
    address: saved.address,
    city: saved.city,
    state: (deliveryStateOf(saved.state) ?? '') as DeliveryAddressInput['state'],
  };
}

const same = (a: string | undefined, b: string | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** Whether the address typed is one already in the book (so there is nothing to save). */
export function isSaved(address: Partial<DeliveryAddressInput>, book: AddressView[]): boolean {
  return book.some(
    (s) =>
      same(s.name, address.name) &&
      same(s.phone, address.phone) &&
      same(s.address, address.address) &&
      same(s.city, address.city) &&
      s.state === address.state,
  );
}

/** How each way to pay reads in the step, and what its button says. */
export const PAYMENT_CHOICES: Record<WebPaymentMethod, { label: string; hint: string; action: (total: string) => string }> = {
  paystack: { label: 'Card', hint: 'Pay now with your debit card, securely through Paystack.', action: (t) => `Pay ${t}` },
  transfer: {
    label: 'Bank transfer',
    hint: 'Transfer to our bank account with your order number as the reference; we send your order once the money arrives.',
    action: (t) => `Place order · ${t}`,
  },
  pod: {
    label: 'Pay on delivery',
    // The shop calls before sending it (the order needs a phone number, and is let go unconfirmed).
    hint: `${MESSAGES_ORDER.podWillCall} before we send it, then you pay the rider in cash or by transfer when your order arrives.`,
    action: (t) => `Place order · ${t}`,
  },
};

/** The fields a delivery (not a pickup) still lacks, with what to say. */
export function missingAddress(address: DeliveryAddress, pickup: boolean): { field: 'address' | 'city'; message: string }[] {
  if (pickup) return [];
  const missing: { field: 'address' | 'city'; message: string }[] = [];
  if (!address.address?.trim()) missing.push({ field: 'address', message: MISSING_ADDRESS.address });
  if (!address.city?.trim()) missing.push({ field: 'city', message: MISSING_ADDRESS.city });
  return missing;
}

/** "Free" or "₦2,500.00". */
export function feeText(fee: number): string {
  return fee === 0 ? 'Free' : formatNairaAmount(fee);
}

/** One line about a chosen delivery: "Standard delivery · Arrives in 2 working days", or the pickup's place. */
export function deliverySummary(method: { name: string; kind: string; etaDays: number | null; pickupAddress: string }): string {
  const kind = method.kind as DeliveryKind;
  const parts = [method.name];
  if (method.etaDays !== null) parts.push(etaText(method.etaDays, kind));
  if (kind === 'pickup' && method.pickupAddress) parts.push(method.pickupAddress);
  return parts.join(' · ');
}

/** What the server said when it refused (a coupon, a quote, the order), or `fallback` when it could not be reached. */
export const refusalMessage = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
