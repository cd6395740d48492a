/** Constants named by the product specifications; kept to the letter. */

export const SIZES = ['small', 'medium', 'large', 'extra-large', 'one size'] as const;
export type Size = (typeof SIZES)[number];

export const AVAILABILITY = ['In Stock', 'Out of Stock'] as const;
export type Availability = (typeof AVAILABILITY)[number];

/**
 * A category's audience, as the catalogue feeds give it to Google Merchant Center and Meta's
 * catalogues: Google's values for `gender` and `age_group`, which Meta accepts as they are.
 */
export const FEED_GENDERS = ['female', 'male', 'unisex'] as const;
export type FeedGender = (typeof FEED_GENDERS)[number];
export const FEED_AGE_GROUPS = ['newborn', 'infant', 'toddler', 'kids', 'adult'] as const;
export type FeedAgeGroup = (typeof FEED_AGE_GROUPS)[number];

export const ROLES = ['shopper', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Browser storage keys used by the original clients. */
export const STORAGE_KEYS = { user: 'user', accessToken: 'access_token' } as const;

export const BANNER_ROTATION_MS = 3000;
/** A bank-transfer order holds its goods this long by default. */
export const DEFAULT_TRANSFER_HOLD_HOURS = 48;
/** The most units of one product an online order may take, by default (against stock hoarding). */
export const DEFAULT_MAX_UNITS_PER_PRODUCT = 20;
/** Hours the shop has to confirm a pay-on-delivery order with the shopper before it is let go. */
export const DEFAULT_POD_CONFIRM_HOURS = 24;
/** Units one shopper may have in unpaid pay-on-delivery orders at once. */
export const DEFAULT_POD_MAX_UNITS = 20;
/** The widths of the home page's hero photos (apps/web/public/img/hero-*-{w}.webp): 560 fits a 360–412 px phone at its 1–1.5 pixel ratio. */
export const HERO_WIDTHS = [400, 560, 800] as const;
export const HERO_ROTATION_MS = 3000;
export const SEARCH_DEBOUNCE_MS = 300;
export const HEADING_MAX_CHARS = 39;
export const BLOG_EXCERPT_CHARS = 200;
export const CAROUSEL_PAGE_SIZE = 3;
export const COPYRIGHT_YEAR = 2024;
export const CURRENCY = 'NGN';

/**
 * The shop's time zone: whole days in reports and filters, and every date shown to a
 * person, are days in Lagos (WAT, UTC+1, no daylight saving).
 */
export const SHOP_TIME_ZONE = 'Africa/Lagos';

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  notAdmin: 'This account is not an administrator',
  emailTaken: 'An account with this email already exists',
  unauthorized: 'Please sign in to continue',
  forbidden: 'You are not allowed to do this',
  somethingWentWrong: 'Something went wrong',
  notFound: 'Not found',
  tooManyRequests: 'Too many attempts, please try again later',
  unavailable: 'The shop is briefly unavailable. Please try again in a moment.',
} as const;
