import { RecoveryPage } from '@/features/admin-recovery/components/recovery-page.tsx';

export default function Route() {
  return (
    <>
      <title>Recovery · Adire back office</title>
      <RecoveryPage />
    </>
  );
}
