/** The shop's customers (the point of sale's): their routes, and finding or recording one for a sale. */
export { default as customerRoutes } from './routes.ts';
export {
  adjustStoreCredit,
  type CustomerRow,
  findCustomerByEmail,
  findCustomerById,
  getCustomer,
  recordCustomer,
} from './service.ts';
