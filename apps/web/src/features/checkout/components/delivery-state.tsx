/**
 * What every delivery address form says of the state and the country: the app's "Deliver to"
 * (address-fields.tsx) and the checkout form without JavaScript (checkout-form-page.tsx).
 */
import { DELIVERY_STATES } from '@shop/shared/delivery';
import { COUNTRY } from '../delivery-details.ts';

/** The state select's options: a placeholder to choose from, then every state the shop delivers to. */
export function DeliveryStateOptions() {
  return (
    <>
      <option value="" disabled>
        Choose a state
      </option>
      {DELIVERY_STATES.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </>
  );
}

export function CountryNote() {
  return <p className="text-sm text-muted sm:col-span-2">Country: {COUNTRY}. We deliver within Nigeria only.</p>;
}
