import { PageHead } from '@/components/seo.tsx';
import { RegisterForm } from '@/features/account/components/register-form.tsx';

export default function RegisterPage() {
  return (
    <>
      <PageHead title="Create your account — Adire" noindex />
      <RegisterForm />
    </>
  );
}
