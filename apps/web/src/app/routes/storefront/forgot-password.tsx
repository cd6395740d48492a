import { PageHead } from '@/components/seo.tsx';
import { ForgotPasswordForm } from '@/features/account/components/forgot-password-form.tsx';

export default function ForgotPasswordPage() {
  return (
    <>
      <PageHead title="Forgot your password? — Adire" noindex />
      <ForgotPasswordForm />
    </>
  );
}
