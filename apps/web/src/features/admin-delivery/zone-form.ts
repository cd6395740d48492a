/**
 * The delivery zone form as a zod schema for react-hook-form's zodResolver: the values as
 * the inputs hold them (numbers as typed text) are turned into the API body and validated
 * by the shared `deliveryZoneInput`, so an error lands on the field it names
 * (`methods.1.freeOver`), and so do the server's 400 paths. Fields a method's kind does not
 * use are sent empty: a pickup is free, only `free_over` has a threshold, only a pickup has
 * an address and hours. A method's cost (what the shop pays the rider, issue 30) is sent for
 * every kind: empty is 0.
 */
import {
  DELIVERY_KINDS,
  type DeliveryKind,
  type DeliveryZoneInput,
  type DeliveryZoneView,
  deliveryZoneInput,
} from '@shop/shared/delivery';
import { z } from 'zod';

export interface MethodFormValues {
  id?: string;
  name: string;
  kind: DeliveryKind;
  fee: string;
  /** What the shop pays for it, naira as typed. */
  cost: string;
  freeOver: string;
  pickupAddress: string;
  pickupHours: string;
  etaDays: string;
  payOnDelivery: boolean;
  enabled: boolean;
}

export interface ZoneFormValues {
  name: string;
  enabled: boolean;
  position: string;
  states: string[];
  methods: MethodFormValues[];
}

export const NEW_METHOD: MethodFormValues = {
  name: '',
  kind: 'flat',
  fee: '',
  cost: '',
  freeOver: '',
  pickupAddress: '',
  pickupHours: '',
  etaDays: '',
  payOnDelivery: false,
  enabled: true,
};

const methodValues = z.object({
  id: z.string().optional(),
  name: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  fee: z.string(),
  cost: z.string(),
  freeOver: z.string(),
  pickupAddress: z.string(),
  pickupHours: z.string(),
  etaDays: z.string(),
  payOnDelivery: z.boolean(),
  enabled: z.boolean(),
});

const values = z.object({
  name: z.string(),
  enabled: z.boolean(),
  position: z.string(),
  states: z.array(z.string()),
  methods: z.array(methodValues),
});

/** Text as typed → a number ('' → null; text that is not a number → NaN, which the schema names). */
const typedNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The form's values as the API's body (before the shared schema checks them). */
export function toZoneBody(v: ZoneFormValues): DeliveryZoneInput {
  return {
    name: v.name,
    enabled: v.enabled,
    position: typedNumber(v.position) ?? 0,
    states: v.states as DeliveryZoneInput['states'],
    methods: v.methods.map((m) => ({
      ...(m.id ? { id: m.id } : {}),
      name: m.name,
      kind: m.kind,
      fee: m.kind === 'pickup' ? 0 : (typedNumber(m.fee) ?? Number.NaN),
      cost: typedNumber(m.cost) ?? 0,
      freeOver: m.kind === 'free_over' ? typedNumber(m.freeOver) : null,
      pickupAddress: m.kind === 'pickup' ? m.pickupAddress : '',
      pickupHours: m.kind === 'pickup' ? m.pickupHours : '',
      etaDays: typedNumber(m.etaDays) ?? Number.NaN,
      payOnDelivery: m.payOnDelivery,
      enabled: m.enabled,
    })),
  };
}

export const zoneForm = values.transform(toZoneBody).pipe(deliveryZoneInput);
export type ZoneBody = z.output<typeof zoneForm>;

const text = (n: number | null) => (n === null ? '' : String(n));

/** The form's values for a zone as the API has it (a new zone: after the last one). */
export function zoneFormValues(zone: DeliveryZoneView | undefined, nextPosition: number): ZoneFormValues {
  if (!zone) return { name: '', enabled: true, position: String(nextPosition), states: [], methods: [{ ...NEW_METHOD }] };
  return {
    name: zone.name,
    enabled: zone.enabled,
    position: String(zone.position),
    states: [...zone.states],
    methods: [...zone.methods]
      .sort((a, b) => a.position - b.position)
      .map((m) => ({
        id: m.id,
        name: m.name,
        kind: m.kind,
        fee: String(m.fee),
        cost: text(m.cost ?? 0),
        freeOver: text(m.freeOver),
        pickupAddress: m.pickupAddress,
        pickupHours: m.pickupHours,
        etaDays: String(m.etaDays),
        payOnDelivery: m.payOnDelivery,
        enabled: m.enabled,
      })),
  };
}

/** Each state in some other zone, with that zone's name (they cannot be chosen for this one). */
export function statesTakenElsewhere(zones: DeliveryZoneView[], editingId: string | undefined): Map<string, string> {
  const taken = new Map<string, string>();
  for (const zone of zones) {
    if (zone.id === editingId) continue;
    for (const state of zone.states) taken.set(state, zone.name);
  }
  return taken;
}

/** The zones in the order the shop offers them (smaller position first). */
export const inOrder = (zones: DeliveryZoneView[]) => [...zones].sort((a, b) => a.position - b.position);
