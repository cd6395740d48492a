import { PageHead } from '@/components/seo.tsx';
import { AccountPage } from '@/features/account/components/account-page.tsx';

/** /account: the signed-in shopper's e-mail choices (issue 31). */
export default function AccountRoute() {
  return (
    <>
      <PageHead title="My account — Adire" noindex />
      <AccountPage />
    </>
  );
}
