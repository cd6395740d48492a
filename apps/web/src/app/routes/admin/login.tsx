import { PageHead } from '@/components/seo.tsx';
import { LoginPage } from '@/features/admin-auth/components/login-page.tsx';

export default function LoginRoute() {
  return (
    <>
      <title>Admin Login · Adire</title>
      <PageHead noindex />
      <LoginPage />
    </>
  );
}
