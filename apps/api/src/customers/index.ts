/** The shop's customers (the point of sale's): their routes, and finding or recording one for a sale. */
export { default as customerRoutes } from './routes.ts';
export { type CustomerRow, findCustomerByEmail, findCustomerById, recordCustomer } from './service.ts';
