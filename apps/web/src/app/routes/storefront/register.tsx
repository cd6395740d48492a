import { PageHead } from '@/components/seo.tsx';
import { RegisterForm } from '@/features/account/components/register-form.tsx';
import { SignInPage } from '@/features/account/components/sign-in-page.tsx';

export default function RegisterPage() {
  return (
    <>
      <PageHead title="Create your account — Adire" noindex />
      <RegisterForm />
    </>
  );
}

/**
 * /signin: the storefront's sign-in page (works without JavaScript); /login is the back office's.
 * In this module rather than one of its own: each page module costs the storefront's entry an
 * entry in its table of lazy imports, and the entry is at its budget.
 */
export function SignInRoute() {
  return (
    <>
      <PageHead title="Sign in — Adire" noindex />
      <SignInPage />
    </>
  );
}
