import { RoleCreatePage } from '@/features/admin-staff/components/role-page.tsx';

export default function Route() {
  return (
    <>
      <title>New role · Adire back office</title>
      <RoleCreatePage />
    </>
  );
}
