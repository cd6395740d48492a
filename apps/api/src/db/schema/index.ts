export * from './catalog.ts';
export * from './meta.ts';
export * from './users.ts';
