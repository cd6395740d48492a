import { zodResolver } from '@hookform/resolvers/zod';
import { type RegisterBody, registerBody } from '@shop/shared/auth';
import { DELIVERY_COUNTRY } from '@shop/shared/delivery';
import { useId } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { notify } from '@/lib/notify.tsx';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ConfirmPasswordField } from '@/components/confirm-password-field.tsx';
import { MarketingConsentBox } from '@/components/marketing-consent-box.tsx';
import { FormField, type TextFieldSpec, TextFields } from '@/components/form-field.tsx';
import { PasswordInput } from '@/components/password-input.tsx';
import { inputClass, primaryButton } from '@/components/ui-classes.ts';
import { CsrfField, useOwnPage } from '@/lib/own-page.tsx';
import { useSession } from '@/lib/session-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/server-errors.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { registerMutation } from '@/lib/api/auth.ts';
import { useMutation } from '@tanstack/react-query';
import { PASSWORDS_MUST_MATCH, passwordsDiffer } from '@/lib/passwords.ts';

const formSchema = registerBody.extend({ confirmPassword: z.string() }).refine((v) => v.password === v.confirmPassword, {
  message: PASSWORDS_MUST_MATCH,
  path: ['confirmPassword'],
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const FIELDS: TextFieldSpec<FieldPath<FormInput>>[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email', wide: true },
  { name: 'phone', label: 'Phone number', autoComplete: 'tel', type: 'tel', wide: true },
  { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'country', label: 'Country', autoComplete: 'country-name', wide: true },
];

/** The field a server's message is about (its path may be nested: 'body.email'), if the form shows it. */
function knownField(path: string): FieldPath<FormInput> | undefined {
  const name = path.split('.').pop();
  return FIELDS.find((f) => f.name === name)?.name ?? (name === 'password' ? name : undefined);
}

/** /register: every field of the spec, checked here and on the server; success signs in and goes to /. */
export function RegisterForm() {
  // Rendered on the server for the shopper (lib/own-page.tsx): a form the browser posts to POST /register.
  const own = useOwnPage();
  const id = useId();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const signUp = useMutation(registerMutation);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    // The marketing box starts unticked (issue 31).
    defaultValues: { country: DELIVERY_COUNTRY, marketingConsent: false },
  });
  const { errors } = form.formState;
  const password = form.watch('password') ?? '';
  const confirm = form.watch('confirmPassword') ?? '';
  const mismatch = passwordsDiffer(password, confirm, Boolean(errors.confirmPassword));

  const onSubmit = form.handleSubmit(({ confirmPassword: _, ...body }) => {
    signUp.mutate(body as RegisterBody, {
      onSuccess(response) {
        signIn(response);
        useSignInRequest.getState().settle(true);
        notify.success(`Welcome, ${response.user.fname}!`);
        navigate('/');
      },
      onError(error) {
        applyServerErrors(form, error, { fieldOf: knownField });
      },
    });
  });
  const serverMessage = signUp.error
    ? signUp.error instanceof ApiError && signUp.error.status < 500
      ? signUp.error.message
      : 'Something went wrong'
    : null;

  return (
    <div className="mx-auto max-w-2xl px-4 pt-10 pb-4 sm:px-6 lg:pt-16">
      <h1 className="font-display text-4xl sm:text-5xl">Create your account</h1>
      <p className="mt-3 text-muted">
        Check out faster, follow your orders and review what you bought. Already have an account?{' '}
        {own ? (
          <Link to="/signin" className="underline underline-offset-4 hover:text-accent">
            Sign in
          </Link>
        ) : (
          <button
            type="button"
            className="underline underline-offset-4 hover:text-accent"
            onClick={() => useSignInRequest.getState().show()}
          >
            Sign in
          </button>
        )}
      </p>
      <form method="post" action="/register" onSubmit={onSubmit} noValidate className="mt-10 grid gap-x-5 gap-y-6 sm:grid-cols-2">
        {own && <CsrfField own={own} />}
        <TextFields idPrefix={id} fields={FIELDS} errors={errors} register={form.register} />
        <FormField
          id={`${id}-password`}
          label="Password"
          error={errors.password}
          hint={<p className="mt-1.5 text-xs text-muted">At least 8 characters.</p>}
        >
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" className={inputClass} {...form.register('password')} />
          )}
        </FormField>
        <ConfirmPasswordField
          id={`${id}-confirmPassword`}
          label="Confirm password"
          mismatch={mismatch}
          {...form.register('confirmPassword')}
        />
        <MarketingConsentBox id={`${id}-marketingConsent`} className="sm:col-span-2" {...form.register('marketingConsent')} />
        {serverMessage && (
          <p role="alert" className="text-sm font-medium text-sale sm:col-span-2">
            {serverMessage}
          </p>
        )}
        <div className="sm:col-span-2">
          <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={signUp.isPending}>
            {signUp.isPending ? 'Loading...' : 'SIGN UP'}
          </button>
          <p className="mt-4 text-xs text-muted">
            By signing up you agree to our terms. We never share your details.{' '}
            <Link to="/" className="underline">
              Back to the shop
            </Link>
          </p>
        </div>
      </form>
    </div>
  );
}
