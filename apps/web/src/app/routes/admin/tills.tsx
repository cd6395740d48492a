import { TillsPage } from '@/features/admin-tills/components/tills-page.tsx';

export default function Route() {
  return (
    <>
      <title>Tills · Adire back office</title>
      <TillsPage />
    </>
  );
}
