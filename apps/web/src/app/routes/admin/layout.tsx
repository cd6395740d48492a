import { PageHead } from '@/components/seo.tsx';
import { AdminLayout } from '@/features/admin-layout/components/admin-layout.tsx';

/** The back office: never in search results. */
export default function AdminLayoutRoute() {
  return (
    <>
      <PageHead noindex />
      <AdminLayout />
    </>
  );
}
