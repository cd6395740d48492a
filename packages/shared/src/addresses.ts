/**
 * A shopper's address book: where they have things delivered, one of them the default that
 * checkout starts from. Addresses are in Nigeria; the state is a delivery state.
 */
import { z } from 'zod';
import { DELIVERY_STATES } from './delivery.ts';

export const MAX_ADDRESSES = 10;

export const addressInput = z.object({
  /** "Home", "Office"… */
  label: z.string().trim().max(40, 'Label is too long').default(''),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name is too long'),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(7, 'Enter a phone number the rider can call')
    .max(40, 'Phone is too long'),
  address: z.string({ error: 'Address is required' }).trim().min(3, 'Address is required').max(300, 'Address is too long'),
  city: z.string({ error: 'City is required' }).trim().min(1, 'City is required').max(100, 'City is too long'),
  state: z.enum(DELIVERY_STATES, { error: 'Choose a state from the list' }),
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.input<typeof addressInput>;

export const addressView = z.object({
  id: z.string(),
  label: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.literal('Nigeria'),
  isDefault: z.boolean(),
});
export type AddressView = z.infer<typeof addressView>;
