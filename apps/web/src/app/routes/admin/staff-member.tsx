import { useParams } from 'react-router';
import { MemberPage } from '@/features/admin-staff/components/member-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Staff member · Adire back office</title>
      <MemberPage key={id} id={id} />
    </>
  );
}
