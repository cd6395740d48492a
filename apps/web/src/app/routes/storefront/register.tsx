import { RegisterForm } from '@/features/account/components/register-form.tsx';

export default function RegisterPage() {
  return (
    <>
      <title>Create your account — Adire</title>
      <RegisterForm />
    </>
  );
}
