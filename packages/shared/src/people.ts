/** People the back office sees: registered users (read-only) and point-of-sale customers. */
import { z } from 'zod';
import { ROLES } from './constants.ts';

const trimmed = z.string().trim();
const timestamp = z.iso.datetime();
const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
/** An empty search box means no filter. */
const searchText = trimmed.max(200).optional();

// ── Users (back office, read-only) ─────────────────────────────────────────────────────

/** A row of the back office's users table. Never carries the password hash. */
export const adminUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  role: z.enum(ROLES),
  createdAt: timestamp,
});
export type AdminUser = z.infer<typeof adminUser>;

export const USER_SORTS = ['latest', 'oldest', 'name', 'email'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** GET /api/users. The total before paging is in the X-Total-Count header. */
export const userListQuery = z.object({
  /** Part of the first name, last name, full name, email or phone; case-insensitive. */
  search: searchText,
  /** Exact country, case-insensitive. */
  country: trimmed.max(100).optional(),
  role: z.enum(ROLES).optional(),
  sort: z.enum(USER_SORTS).default('latest'),
  ...pageQuery,
});
export type UserListQuery = z.infer<typeof userListQuery>;

// ── Customers (point of sale: walk-in buyers, no account) ──────────────────────────────

export const customer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Kobo the customer holds as store credit (given for returns at the till, spent there as a tender). */
  storeCredit: z.number().int(),
  createdAt: timestamp,
});
export type Customer = z.infer<typeof customer>;

/** POST /api/customers/create. Emails are unique, case-insensitively, and kept lower-cased. */
export const customerCreateBody = z.object({
  firstName: trimmed.min(1, 'First name is required').max(100),
  lastName: trimmed.min(1, 'Last name is required').max(100),
  email: trimmed.toLowerCase().pipe(z.email('Enter a valid email address').max(254)),
  phone: trimmed.max(40).optional().default(''),
});
export type CustomerCreateBody = z.infer<typeof customerCreateBody>;

/** GET /api/customers. The total before paging is in the X-Total-Count header. */
export const customerListQuery = z.object({
  /** Part of the first name, last name, full name or email; case-insensitive. */
  search: searchText,
  ...pageQuery,
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;
