/**
 * Delivery: zones (sets of states) and their methods (a flat fee, free over a subtotal, or
 * pickup at an address). Lagos is two delivery states, Mainland and Island, because the
 * lagoon between them is priced apart by every courier. Money is naira here, as everywhere
 * in the API.
 */
import { z } from 'zod';
import { nairaField } from './naira-field.ts';
import { shippingFields } from './orders.ts';

/** The one country the shop delivers to: every delivery state below is in it. */
export const DELIVERY_COUNTRY = 'Nigeria';

/** The 36 states and the FCT, with Lagos split in two. */
export const DELIVERY_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos Island',
  'Lagos Mainland',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Other ways people write a state: "Lagos" alone is priced as the Mainland. */
const STATE_ALIASES: Record<string, DeliveryState> = {
  lagos: 'Lagos Mainland',
  'lagos state': 'Lagos Mainland',
  'lagos mainland': 'Lagos Mainland',
  mainland: 'Lagos Mainland',
  'lagos island': 'Lagos Island',
  island: 'Lagos Island',
  abuja: 'FCT',
  'fct abuja': 'FCT',
  'abuja fct': 'FCT',
  'federal capital territory': 'FCT',
  'akwa-ibom': 'Akwa Ibom',
  'cross-river': 'Cross River',
  nassarawa: 'Nasarawa',
};

/** The delivery state a written state names ("lagos", "Oyo State", "Abuja"), or undefined. */
export function deliveryStateOf(written: string | undefined | null): DeliveryState | undefined {
  const key = (written ?? '')
    .trim()
    .toLowerCase()
    .replace(/[.,]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/ state$/, '');
  if (!key) return undefined;
  return STATE_ALIASES[key] ?? DELIVERY_STATES.find((s) => s.toLowerCase() === key);
}

/** Whether a written country is Nigeria (blank counts as Nigeria: it is the only country served). */
export function isNigeria(country: string | undefined | null): boolean {
  const key = (country ?? '').trim().toLowerCase();
  return key === '' || key === 'nigeria' || key === 'ng' || key === 'nga' || key === 'federal republic of nigeria';
}

export const OUTSIDE_NIGERIA = 'We deliver within Nigeria only';
export const CHOOSE_STATE = 'Choose the state to deliver to';

/**
 * The address part of a checkout as the storefront requires it, in the app's "Delivery and
 * payment" step and in the checkout form without JavaScript (POST /checkout): a name and a phone
 * the rider can call and a state from the list. Street and city are required for a delivery
 * (not a pickup): MISSING_ADDRESS says what to say.
 */
export const deliveryAddressForm = shippingFields.pick({ address: true, city: true }).extend({
  name: z.string().trim().min(1, 'Enter the name of the person receiving the order').max(200, 'Name is too long'),
  phone: z.string().trim().min(1, 'Enter a phone number for the delivery').max(40, 'Phone number is too long'),
  state: z.enum(DELIVERY_STATES, { error: CHOOSE_STATE }),
});

/** What a delivery's address still lacks, said. */
export const MISSING_ADDRESS = { address: 'Enter the street address to deliver to', city: 'Enter the town or city' } as const;

export const DELIVERY_KINDS = ['flat', 'free_over', 'pickup'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const DELIVERY_KIND_LABELS: Record<DeliveryKind, string> = {
  flat: 'Flat fee',
  free_over: 'Free over a subtotal',
  pickup: 'Pickup',
};

const naira = (label: string) => nairaField(label, { max: 10_000_000 });

export const deliveryMethodInput = z
  .object({
    id: z.uuid('Unknown delivery method').optional(),
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is too long'),
    kind: z.enum(DELIVERY_KINDS, { error: 'Choose flat fee, free over a subtotal, or pickup' }),
    /** Naira; what is charged (below the threshold, for `free_over`). Pickup is free. */
    fee: naira('Fee').default(0),
    /**
     * Naira; what the shop pays the rider or courier per order (issue 30's profit), whatever the
     * shopper is charged. Back office only; absent: a kept method keeps its own (a new one 0).
     */
    cost: naira('Cost').optional(),
    /** Naira; `free_over` only: a goods total at or above this is delivered free. */
    freeOver: naira('Free-over amount').nullish(),
    pickupAddress: z.string().trim().max(300, 'Pickup address is too long').default(''),
    pickupHours: z.string().trim().max(120, 'Opening hours are too long').default(''),
    /** Working days until it arrives (or is ready for pickup). */
    etaDays: z
      .number({ error: 'Delivery time must be a number of days' })
      .int('Delivery time is a whole number of days')
      .min(0, 'Delivery time cannot be negative')
      .max(60, 'Delivery time is at most 60 days'),
    /** Whether the shopper may pay the rider on delivery. */
    payOnDelivery: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .superRefine((m, ctx) => {
    if (m.kind === 'free_over' && (m.freeOver === null || m.freeOver === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['freeOver'], message: 'Say above which goods total delivery is free' });
    }
    if (m.kind === 'pickup' && !m.pickupAddress) {
      ctx.addIssue({ code: 'custom', path: ['pickupAddress'], message: 'A pickup method needs its address' });
    }
  });
export type DeliveryMethodInput = z.input<typeof deliveryMethodInput>;

export const deliveryZoneInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is too long'),
  states: z
    .array(z.enum(DELIVERY_STATES, { error: 'Unknown state' }), { error: 'Choose the states of the zone' })
    .min(1, 'Choose at least one state')
    .refine((s) => new Set(s).size === s.length, 'A state is listed twice'),
  enabled: z.boolean().default(true),
  /** Smaller first. */
  position: z.number().int().min(0).max(10_000).default(0),
  methods: z.array(deliveryMethodInput).max(20, 'At most 20 methods per zone').default([]),
});
export type DeliveryZoneInput = z.input<typeof deliveryZoneInput>;

export const deliveryMethodView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  fee: z.number(),
  /** Naira: what the shop pays for it. In the back office's answers only: absent from the storefront's. */
  cost: z.number().optional(),
  freeOver: z.number().nullable(),
  pickupAddress: z.string(),
  pickupHours: z.string(),
  etaDays: z.number().int(),
  payOnDelivery: z.boolean(),
  enabled: z.boolean(),
  position: z.number().int(),
});
export type DeliveryMethodView = z.infer<typeof deliveryMethodView>;

export const deliveryZoneView = z.object({
  id: z.string(),
  name: z.string(),
  states: z.array(z.string()),
  enabled: z.boolean(),
  position: z.number().int(),
  methods: z.array(deliveryMethodView),
});
export type DeliveryZoneView = z.infer<typeof deliveryZoneView>;

export const deliveryZonesResponse = z.object({
  /** Every state a shopper can choose, in order. */
  states: z.array(z.string()),
  zones: z.array(deliveryZoneView),
});
export type DeliveryZonesResponse = z.infer<typeof deliveryZonesResponse>;

/** "Tomorrow", "In 3 days": what a shopper reads next to a method. */
export function etaText(days: number, kind: DeliveryKind = 'flat'): string {
  const ready = kind === 'pickup' ? 'Ready' : 'Arrives';
  if (days <= 0) return `${ready} today`;
  if (days === 1) return `${ready} tomorrow`;
  return `${ready} in ${days} working days`;
}
