import { SecurityPage } from '@/features/admin-security/components/security-page.tsx';

export default function Route() {
  return (
    <>
      <title>Sign-in security · Adire back office</title>
      <SecurityPage />
    </>
  );
}
