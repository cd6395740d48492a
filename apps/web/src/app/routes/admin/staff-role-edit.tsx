import { useParams } from 'react-router';
import { RoleEditPage } from '@/features/admin-staff/components/role-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Role · Adire back office</title>
      <RoleEditPage key={id} id={id} />
    </>
  );
}
