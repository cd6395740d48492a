/** The storefront's forms that work without JavaScript (issue 32, decision 0033). */
import type { FastifyPluginAsync } from 'fastify';
import cartForms from './cart-forms.ts';
import signInForms from './sign-in-form.ts';

export { SESSION_COOKIE, safeBack, sameSiteForm } from './sign-in-form.ts';

export const storefrontFormRoutes: FastifyPluginAsync = async (app) => {
  await app.register(signInForms);
  await app.register(cartForms);
};
