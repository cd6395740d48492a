import { useParams } from 'react-router';
import { CouponEditPage } from '@/features/admin-coupons/components/coupon-form-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Edit Coupon · Adire back office</title>
      <CouponEditPage key={id} id={id} />
    </>
  );
}
