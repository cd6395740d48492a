import { PageHead } from '@/components/seo.tsx';
import { ResetPasswordForm } from '@/features/account/components/reset-password-form.tsx';

export default function ResetPasswordPage() {
  return (
    <>
      <PageHead title="Choose a new password — Adire" noindex />
      <ResetPasswordForm />
    </>
  );
}
