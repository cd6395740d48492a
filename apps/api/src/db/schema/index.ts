export * from './cache.ts';
export * from './catalog.ts';
export * from './meta.ts';
export * from './users.ts';
export * from './orders.ts';
export * from './checkout.ts';
export * from './messages.ts';
export * from './staff.ts';
