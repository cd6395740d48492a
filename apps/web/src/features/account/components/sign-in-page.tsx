/**
 * /signin: the storefront's sign-in as a page (issue 32, decision 0033), which works without
 * JavaScript. Rendered on the server for the shopper, it is a plain form posted to POST /signin
 * (email, password, the page to go back to, the CSRF token), which sets her form session and
 * sends her back. With JavaScript it is the sign-in panel's form (the same session in the
 * browser's storage, two-factor for a member of staff), which then goes back itself.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CsrfField, useOwnPage } from '@/lib/own-page.tsx';
import { SignInForm } from './sign-in-panel.tsx';

/** A path on this site to go back to (as the server's safeBack reads it), else the home page. */
export function backPath(back: string | null): string {
  if (!back || back.length > 500 || !back.startsWith('/') || back.startsWith('//') || /[\\\s]/.test(back)) return '/';
  return back;
}

export function SignInPage() {
  const own = useOwnPage();
  const back = backPath(useSearchParams()[0].get('back'));
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-md px-4 pt-10 pb-16 sm:px-6 lg:pt-16">
      <h1 className="font-display text-4xl">Sign in</h1>
      <p className="mt-2 text-sm text-muted">
        Welcome back. Sign in to check out, follow your orders and review what you bought.
      </p>
      <SignInForm idPrefix="signin-page" onSignedIn={() => navigate(back)} form={{ method: 'post', action: '/signin' }}>
        {own && <CsrfField own={own} />}
        <input type="hidden" name="back" value={back} />
      </SignInForm>
      <p className="mt-10 border-t border-line pt-8 text-sm text-muted">
        New here?{' '}
        <Link to="/register" className="font-semibold text-ink underline underline-offset-4">
          Create an account
        </Link>
      </p>
    </div>
  );
}
