/**
 * A shopper's own page rendered on the server for her (issue 32, decision 0033): her sign-in,
 * cart, checkout and orders, which work without JavaScript. The server renders such a page with
 * RenderOptions.own (entry-server.tsx), its API reads made as her, and puts its forms' CSRF token
 * here; the page then shows plain forms and links. In the browser there is no provider: the app
 * renders the page afresh (no hydration) from its own session and cart, as it always has. Only
 * page modules and the renderer import this, so it stays out of the storefront's entry.
 */
import { createContext, useContext } from 'react';
import { ApiError } from './api-client.ts';

export interface OwnPage {
  /** The CSRF token the page's forms carry (`_csrf`). */
  csrf: string;
}

export const OwnPageContext = createContext<OwnPage | undefined>(undefined);

/** Set while the server renders a shopper's own page; undefined in the browser. */
export function useOwnPage(): OwnPage | undefined {
  return useContext(OwnPageContext);
}

/** The form field that carries the page's CSRF token. */
export function CsrfField({ own }: { own: OwnPage }) {
  return <input type="hidden" name="_csrf" value={own.csrf} />;
}

/** The sign-in page's address, coming back to `back` once signed in. */
export const signInHref = (back: string) => `/signin?back=${encodeURIComponent(back)}`;

/** Whether the API refused a read of her own page for want of a session (signed out, or her session ended). */
export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
