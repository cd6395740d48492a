/**
 * The shopper's address book in the "Delivery and payment" step: its default replaces the
 * profile's address in the form (unless the shopper has typed already), and an address not
 * in it yet can be kept for next time once the order is created.
 */
import type { AuthUser } from '@shop/shared/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { addAddressMutation, addressesOptions } from '@/lib/api/addresses.ts';
import { addressDefaults, type DeliveryAddress, type DeliveryAddressInput, isSaved } from './delivery-details.ts';

export type AddressForm = UseFormReturn<DeliveryAddressInput, unknown, DeliveryAddress>;

export function useAddressBook(form: AddressForm, user: AuthUser | null) {
  const typed = form.watch();
  const book = useQuery({ ...addressesOptions, enabled: user !== null });
  const saved = book.data ?? [];
  const fromBook = useRef(false);
  useEffect(() => {
    const first = book.data?.[0];
    if (!first || fromBook.current || form.formState.isDirty) return;
    fromBook.current = true;
    form.reset(addressDefaults(first));
  }, [book.data, form]);
  const saveAddress = useMutation(addAddressMutation);
  const [keep, setKeep] = useState(true);
  // A full book (MAX_ADDRESSES, 10) takes no more.
  const canSave = book.isSuccess && saved.length < 10 && !isSaved(typed, saved);

  /** Once the order is created: keeps the address, if asked (the first saved becomes the default). A failure here costs nothing. */
  const keepForNextTime = (address: DeliveryAddress) => {
    if (canSave && keep && address.address && address.city) {
      saveAddress.mutate({ ...address, address: address.address, city: address.city, label: '', isDefault: saved.length === 0 });
    }
  };

  return { saved, canSave, keep, setKeep, keepForNextTime };
}
