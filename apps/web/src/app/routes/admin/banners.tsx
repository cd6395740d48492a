import { BannersPage } from '@/features/admin-banners/components/banners-page.tsx';

export default function Route() {
  return (
    <>
      <title>Banner Display · Adire back office</title>
      <BannersPage />
    </>
  );
}
