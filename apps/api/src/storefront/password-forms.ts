/**
 * Resetting a forgotten password without JavaScript (issue 32, decision 0033): the
 * /forgot-password and /reset-password pages' forms post here with their CSRF token. Each does
 * what its API route does, with the same code, limits and messages: POST /forgot-password asks
 * for the e-mailed link as POST /api/auth/forgot does (the same answer whether or not the address
 * has an account), POST /reset-password sets the new password with the link's token as POST
 * /api/auth/reset does (once, within the hour, the account signed out everywhere, so the form
 * session ends too). The answer is a short page saying what happened, with a link on; a refusal
 * is one with its status and a link back, nothing changed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, forgotPasswordBody, RESET_MESSAGES, resetPasswordBody } from '@shop/shared';
import { z } from 'zod';
import { createAuthService, resetRequestLimit } from '../auth/index.ts';
import { HttpError } from '../lib/http-error.ts';
import { formAnswerPage, refusalPage, SESSION_COOKIE, formText } from './form-session.ts';
import { PASSWORDS_MUST_MATCH } from './register-form.ts';
import { sameSiteForm } from './sign-in-form.ts';

const response = { 200: z.string(), 400: errorResponse, 403: errorResponse, 429: errorResponse };

const passwordForms: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app.db, app.tokens, app.messages.notifier, app.twoFactor);
  const limitResetRequests = resetRequestLimit(app);

  /** The address as POST /api/auth/forgot takes it (normalised, so its limit counts it once), or the form's page. */
  async function checkEmail(request: FastifyRequest<{ Body: { email?: string } }>, reply: FastifyReply) {
    const parsed = forgotPasswordBody.safeParse({ email: request.body.email ?? '' });
    if (!parsed.success) {
      return refusalPage(reply, 400, {
        title: 'Forgot password',
        msg: parsed.error.issues[0]?.message ?? 'Enter a valid email address',
        href: '/forgot-password',
        link: 'Try again',
      });
    }
    request.body.email = parsed.data.email;
  }

  app.post('/forgot-password', {
    onRequest: sameSiteForm,
    preHandler: [app.csrfProtection, checkEmail, limitResetRequests],
    config: { access: 'public' },
    // A page's form, not an API operation: kept out of the OpenAPI document and docs/routes.md.
    schema: {
      hide: true,
      summary: 'Ask for a password-reset link with a form (no JavaScript)',
      consumes: ['application/x-www-form-urlencoded'],
      body: z.object({ _csrf: formText(200), email: formText(320) }),
      response,
    },
    handler: async (request, reply) => {
      await auth.forgotPassword(request.body.email!);
      return formAnswerPage(reply, 200, { title: 'Forgot password', msg: RESET_MESSAGES.sent, href: '/signin', link: 'Sign in' });
    },
  });

  app.post('/reset-password', {
    onRequest: [sameSiteForm, app.limitCredentialClient],
    preHandler: app.csrfProtection,
    config: { rateLimit: app.credentialRateLimit, access: 'public' },
    // A page's form, not an API operation: kept out of the OpenAPI document and docs/routes.md.
    schema: {
      hide: true,
      summary: "Set a new password with a reset link's token and a form (no JavaScript)",
      consumes: ['application/x-www-form-urlencoded'],
      body: z.object({ _csrf: formText(200), token: formText(300), password: formText(200), confirmPassword: formText(200) }),
      response,
    },
    handler: async (request, reply) => {
      const { token = '', password = '', confirmPassword = '' } = request.body;
      const again = {
        title: 'Choose a new password',
        href: `/reset-password?token=${encodeURIComponent(token)}`,
        link: 'Try again',
      };
      if (password !== confirmPassword) return refusalPage(reply, 400, { ...again, msg: PASSWORDS_MUST_MATCH });
      const parsed = resetPasswordBody.safeParse({ token, password });
      if (!parsed.success)
        return refusalPage(reply, 400, { ...again, msg: parsed.error.issues[0]?.message ?? RESET_MESSAGES.invalid });
      try {
        const email = await auth.resetPassword(parsed.data.token, parsed.data.password);
        // The owner proved the address: the locks wrong passwords put on it, from every client, end.
        if (email) await app.forgetSignInFailures(email);
      } catch (error) {
        if (error instanceof HttpError) return refusalPage(reply, error.statusCode, { ...again, msg: error.message });
        throw error;
      }
      // Signed out everywhere: the form session's token no longer works, so it goes too.
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return formAnswerPage(reply, 200, {
        title: 'Choose a new password',
        msg: RESET_MESSAGES.done,
        href: '/signin',
        link: 'Sign in',
      });
    },
  });
};

export default passwordForms;
