/** Coupons: their routes, and what orders need to price, reserve, use and release a code. */
export { default as couponRoutes } from './routes.ts';
export {
  applyCoupon,
  type CouponCustomer,
  type CouponOutcome,
  checkCouponLimits,
  createCoupon,
  findCoupon,
  listCoupons,
  markCouponsUsed,
  releaseCoupons,
  reserveCoupon,
} from './service.ts';
