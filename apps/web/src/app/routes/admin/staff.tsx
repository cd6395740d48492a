import { StaffPage } from '@/features/admin-staff/components/staff-page.tsx';

export default function Route() {
  return (
    <>
      <title>Staff · Adire back office</title>
      <StaffPage />
    </>
  );
}
