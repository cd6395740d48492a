/**
 * Registering without JavaScript (issue 32, decision 0033): the /register page's form posts here
 * with its CSRF token. The account is made by the auth service's `register`, the very code of
 * POST /api/auth/register (its checks, messages and per-client and per-address limits), after the
 * same field rules (registerBody) and the page's own "Both passwords must match!"; she is then
 * signed in with a form session, the cart cookie's cart moves onto her account, and she is sent
 * (303) to `back` or the home page. A refusal is a page with its status, the message and a link
 * back to the form; no account is made.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, registerBody } from '@shop/shared';
import { z } from 'zod';
import { createAuthService, deviceOf } from '../auth/index.ts';
import { HttpError } from '../lib/http-error.ts';
import { refusalPage, startFormSession, formText } from './form-session.ts';
import { safeBack, sameSiteForm } from './sign-in-form.ts';

/** What the web app's register page says when the two passwords differ (apps/web/src/lib/passwords.ts). */
export const PASSWORDS_MUST_MATCH = 'Both passwords must match!';

/** Loose on purpose: the fields are checked in a preHandler, so a mistake gets the form's page, not JSON. */
const registerForm = z.object({
  _csrf: formText(200),
  firstName: formText(100),
  lastName: formText(100),
  email: formText(320),
  password: formText(200),
  confirmPassword: formText(200),
  phone: formText(40),
  address: formText(200),
  city: formText(200),
  state: formText(200),
  country: formText(200),
  marketingConsent: formText(10),
  back: formText(500),
});
type RegisterForm = z.infer<typeof registerForm>;

const registerForms: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.env === 'production';
  const auth = createAuthService(app.db, app.tokens, app.messages.notifier, app.twoFactor);
  const refuse = (reply: FastifyReply, status: number, msg: string) =>
    refusalPage(reply, status, { title: 'Create your account', msg, href: '/register', link: 'Try again' });

  /** The fields as the API's registration takes them, or the form's page saying what is wrong. */
  async function checkFields(request: FastifyRequest<{ Body: RegisterForm }>, reply: FastifyReply) {
    const { _csrf, confirmPassword, back, marketingConsent, ...fields } = request.body;
    if ((fields.password ?? '') !== (confirmPassword ?? '')) return refuse(reply, 400, PASSWORDS_MUST_MATCH);
    const parsed = registerBody.safeParse({
      ...fields,
      marketingConsent: marketingConsent === 'on' || marketingConsent === 'true',
    });
    if (!parsed.success) return refuse(reply, 400, parsed.error.issues[0]?.message ?? 'Check the form');
  }

  app.post('/register', {
    onRequest: [sameSiteForm, app.limitCredentialClient],
    // Checked before the registration limit, as the API's: a form refused as invalid is not an account tried.
    preHandler: [app.csrfProtection, checkFields, app.limitRegistrations],
    config: { rateLimit: app.credentialRateLimit, access: 'public' },
    // A page's form, not an API operation: kept out of the OpenAPI document and docs/routes.md.
    schema: {
      hide: true,
      summary: 'Create a shopper account with a form (no JavaScript): signs in with the session cookie and answers 303',
      consumes: ['application/x-www-form-urlencoded'],
      body: registerForm,
      response: { 303: z.null(), 400: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse },
    },
    handler: async (request, reply) => {
      const { _csrf, confirmPassword, back, marketingConsent, ...fields } = request.body;
      const body = registerBody.parse({ ...fields, marketingConsent: marketingConsent === 'on' || marketingConsent === 'true' });
      try {
        const registered = await auth.register(body, deviceOf(request));
        await app.carts.mergeOnSignIn(request, reply, registered.user.id);
        startFormSession(reply, registered.accessToken, secure);
        return reply.header('Cache-Control', 'no-store').redirect(safeBack(back), 303);
      } catch (error) {
        if (error instanceof HttpError) return refuse(reply, error.statusCode, error.message);
        throw error;
      }
    },
  });
};

export default registerForms;
