/** The storefront's forms that work without JavaScript (issue 32, decision 0033). */
export { default as storefrontFormRoutes, SESSION_COOKIE, safeBack, sameSiteForm } from './sign-in-form.ts';
