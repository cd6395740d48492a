import { UsersPage } from '@/features/admin-users/components/users-page.tsx';

export default function Route() {
  return (
    <>
      <title>Users · Adire back office</title>
      <UsersPage />
    </>
  );
}
