import { CouponCreatePage } from '@/features/admin-coupons/components/coupon-form-page.tsx';

export default function Route() {
  return (
    <>
      <title>Add Coupon · Adire back office</title>
      <CouponCreatePage />
    </>
  );
}
