/**
 * Who writes each table: the one folder (feature) that owns it, and any second writer with
 * the reason it may. Everyone else reads a table, or asks its owner to change it through the
 * owner's index.ts. `test/table-owners.test.ts` reads every `insert(…)`, `update(…)` and
 * `delete(…)` of a table (and raw `insert into` / `update … set` / `delete from`) under
 * src/ and fails on a writer not declared here; migrations, ops/ (backups, restores and copies
 * move whole databases), the seed and tests are exempt. Writes made by a trigger count for
 * the folder that owns the trigger's table (the migration says which). docs/architecture.md
 * lists the same owners.
 */
export interface TableOwner {
  /** The folder under apps/api/src that writes it. */
  owner: string;
  /** Other folders that write it, each with why it may. */
  alsoWrittenBy?: Record<string, string>;
  /** How it is written, when not (only) by its owner's code: triggers, say. */
  note?: string;
}

export const TABLE_OWNERS: Record<string, TableOwner> = {
  users: { owner: 'users' },
  addresses: { owner: 'account' },
  password_resets: { owner: 'auth' },
  categories: { owner: 'catalog' },
  subs: { owner: 'catalog' },
  subsubs: { owner: 'catalog' },
  brands: { owner: 'catalog' },
  products: { owner: 'catalog', note: 'figures from its variants kept by trigger (refresh_products)' },
  product_variants: { owner: 'catalog', note: 'stock_version bumped by trigger (migration 0018)' },
  search_words: { owner: 'catalog', note: 'kept by trigger from product titles (migration 0012)' },
  search_changes: { owner: 'catalog', note: 'the log of changed products, written by trigger (migration 0016)' },
  row_counts: { owner: 'catalog', note: 'the product count, kept by trigger (migration 0014)' },
  banners: { owner: 'content' },
  posts: { owner: 'content' },
  app_meta: { owner: 'content', note: 'the store settings; the seed also records what it made (exempt)' },
  customers: { owner: 'customers' },
  delivery_zones: { owner: 'delivery' },
  delivery_zone_states: { owner: 'delivery' },
  delivery_methods: { owner: 'delivery' },
  coupons: { owner: 'coupons' },
  coupon_redemptions: { owner: 'coupons' },
  orders: {
    owner: 'orders',
    alsoWrittenBy: {
      pos: "the till's columns of a sale made through app.orders: an exchange's till, drawer and tenders (returns.ts), a held sale's review (conflicts.ts)",
    },
  },
  order_lines: { owner: 'orders' },
  order_payments: { owner: 'orders' },
  order_refunds: { owner: 'orders' },
  shop_counters: { owner: 'orders', note: 'the gap-free invoice counter' },
  reviews: { owner: 'reviews' },
  payment_events: { owner: 'payments' },
  sandbox_transactions: { owner: 'payments', note: "the sandbox provider's own ledger" },
  messages: {
    owner: 'messages',
    note: "back-in-stock messages are also queued by trigger when a variant's stock returns (notify_stock_alerts, migration 0028)",
  },
  marketing_consents: { owner: 'marketing' },
  marketing_suppressions: { owner: 'marketing' },
  stock_alerts: {
    owner: 'marketing',
    note: "ended by trigger when the variant's stock returns (notify_stock_alerts, migration 0028)",
  },
  sales_facts: {
    owner: 'reports',
    note: 'written only by triggers on orders, order_lines, order_payments, order_refunds and products (refresh_sales_facts, migration 0030)',
  },
  sales_rollup: {
    owner: 'reports',
    note: 'written only with sales_facts, by refresh_sales_facts (migration 0038)',
  },
  audit_log: { owner: 'admin', note: 'append-only: UPDATE, DELETE and TRUNCATE are refused by trigger (migration 0019)' },
  roles: { owner: 'staff' },
  staff_invitations: { owner: 'staff' },
  staff_pins: { owner: 'staff' },
  approvals: { owner: 'staff' },
  tills: { owner: 'pos' },
  pos_drawers: { owner: 'pos' },
  pos_drawer_movements: { owner: 'pos' },
  pos_returns: { owner: 'pos' },
  pos_return_lines: { owner: 'pos' },
  store_credit_entries: { owner: 'pos', note: 'with customers.store_credit, their sum' },
  catalogue_removals: {
    owner: 'pos',
    note: "deleted products, variants and till customers, logged by trigger (migration 0021); the till's catalogue update reads and prunes it",
  },
  wishlists: { owner: 'wishlist', note: 'one per shopper with a list: its share token and the last price-drop alert' },
  wishlist_items: { owner: 'wishlist' },
  abandoned_checkouts: {
    owner: 'recovery',
    note: "a consenting shopper's priced cart (or expired card order), its reminders and its recovery",
  },
  carts: { owner: 'cart', note: "a shopper's server cart: the cookie's (anonymous) or her account's (decision 30)" },
  cart_lines: { owner: 'cart' },
  staff_sessions: { owner: 'auth' },
  two_factor: { owner: 'auth' },
  recovery_codes: { owner: 'auth' },
  two_factor_challenges: { owner: 'auth' },
  cache_versions: {
    owner: 'plugins',
    note: "the read cache's version rows (plugins/read-cache.ts), bumped by triggers on the tables it caches",
  },
};
