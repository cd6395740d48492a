import { CouponTablePage } from '@/features/admin-coupons/components/coupon-table-page.tsx';

export default function Route() {
  return (
    <>
      <title>Coupons · Adire back office</title>
      <CouponTablePage />
    </>
  );
}
