/** The storefront's forms and a shopper's own pages, which work without JavaScript (issue 32, decision 0033). */
import csrf from '@fastify/csrf-protection';
import type { FastifyPluginAsync } from 'fastify';
import cartForms from './cart-forms.ts';
import checkoutForms from './checkout-form.ts';
import orderForms from './order-forms.ts';
import ownPages from './own-pages.ts';
import passwordForms from './password-forms.ts';
import registerForms from './register-form.ts';
import signInForms from './sign-in-form.ts';

export { SESSION_COOKIE, safeBack, sameSiteForm } from './sign-in-form.ts';

export const storefrontFormRoutes: FastifyPluginAsync = async (app) => {
  // One CSRF secret cookie (HttpOnly, SameSite=Lax) for every form of a shopper's own pages.
  const secure = app.config.env === 'production';
  await app.register(csrf, { cookieOpts: { path: '/', sameSite: 'lax', httpOnly: true, secure } });
  await app.register(signInForms);
  await app.register(cartForms);
  await app.register(checkoutForms);
  await app.register(registerForms);
  await app.register(passwordForms);
  await app.register(orderForms);
  await app.register(ownPages);
};
