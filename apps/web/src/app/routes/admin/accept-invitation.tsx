import { PageHead } from '@/components/seo.tsx';
import { AcceptInvitationPage } from '@/features/admin-auth/components/accept-invitation-page.tsx';

export default function AcceptInvitationRoute() {
  return (
    <>
      <PageHead title="Join the team · Adire" noindex />
      <AcceptInvitationPage />
    </>
  );
}
