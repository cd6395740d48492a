import { AdminLayout } from '@/features/admin-layout/components/admin-layout.tsx';

export default function AdminLayoutRoute() {
  return <AdminLayout />;
}
