import { AdminEntry } from '@/features/admin-layout/components/admin-entry.tsx';

export default function Route() {
  return <AdminEntry />;
}
