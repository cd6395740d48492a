/**
 * Lite mode (decision 0031): whether this page is the low-data rendering (the browser sent
 * Save-Data, or the shopper chose "Lite mode"). A React context, not a module global: the
 * server renders several pages at once, some lite and some not. The server renders with
 * RenderOptions.lite and marks the page <html data-lite>; the browser reads the mark, so the
 * hydrated tree matches the rendered one.
 */
import { createContext, type ReactNode, useContext } from 'react';

/**
 * In the browser, the page's own mark is the default (one page per document, so no provider is
 * needed there, and the entry saves the bytes of one); the server renders each page inside a
 * LiteProvider with its own value (entry-server.tsx).
 */
const LiteContext = createContext(typeof document !== 'undefined' && isLiteDocument());

export function LiteProvider({ lite, children }: { lite: boolean; children: ReactNode }) {
  return <LiteContext value={lite}>{children}</LiteContext>;
}

/** True on a lite page. */
export function useLite(): boolean {
  return useContext(LiteContext);
}

/** The server's mark on a lite page (apps/api/src/plugins/web.ts). */
export function isLiteDocument(doc: Document = document): boolean {
  return doc.documentElement.hasAttribute('data-lite');
}

/** The footer switch's address: flips the `lite` cookie on the server and comes back (works without JavaScript). */
export function liteSwitchHref(lite: boolean, back: string): string {
  return `/lite?on=${lite ? 0 : 1}&back=${encodeURIComponent(back)}`;
}
