import { DELIVERY_COUNTRY } from '@shop/shared/delivery';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { COUNTRY, deliverySummary, feeText, missingAddress, profileDefaults, refusalMessage } from './delivery-details.ts';

it('sends the country the server delivers to', () => {
  expect(COUNTRY).toBe(DELIVERY_COUNTRY);
});

const user = {
  id: 'u1',
  fname: 'Ada',
  lname: 'Obi',
  email: 'ada@example.com',
  phone: '0803',
  address: '3 Allen Avenue',
  city: 'Ikeja',
  state: 'lagos state',
  country: 'Nigeria',
  role: 'shopper' as const,
};

describe('the delivery step’s rules', () => {
  it('prefills from the profile, reading the state as the delivery states are named', () => {
    expect(profileDefaults(user)).toEqual({
      name: 'Ada Obi',
      phone: '0803',
      address: '3 Allen Avenue',
      city: 'Ikeja',
      state: 'Lagos Mainland',
    });
    expect(profileDefaults({ ...user, state: 'Abuja' }).state).toBe('FCT');
    expect(profileDefaults({ ...user, state: 'Gotham' }).state).toBe('');
    expect(profileDefaults(null).name).toBe('');
  });

  it('needs a street and a town for a delivery, not for a pickup', () => {
    const address = { name: 'Ada', phone: '0803', address: ' ', city: '', state: 'Oyo' as const };
    expect(missingAddress(address, false).map((m) => m.field)).toEqual(['address', 'city']);
    expect(missingAddress(address, true)).toEqual([]);
  });

  it('says how an order arrives', () => {
    expect(feeText(0)).toBe('Free');
    expect(feeText(2500)).toBe('₦2,500.00');
    expect(deliverySummary({ name: 'Courier', kind: 'flat', etaDays: 3, pickupAddress: '' })).toBe(
      'Courier · Arrives in 3 working days',
    );
    expect(
      deliverySummary({ name: 'Pickup in Yaba', kind: 'pickup', etaDays: 1, pickupAddress: '24 Herbert Macaulay Way' }),
    ).toBe('Pickup in Yaba · Ready tomorrow · 24 Herbert Macaulay Way');
  });

  it('shows the server’s reason for a refusal, and its own words when the server was not reached', () => {
    expect(refusalMessage(new ApiError(409, 'Only 1 left in stock'), 'Please try again.')).toBe('Only 1 left in stock');
    expect(refusalMessage(new TypeError('Failed to fetch'), 'Please try again.')).toBe('Please try again.');
  });
});
