/**
 * What a server-rendered page hands the browser so that hydration renders exactly what
 * the server did: the shop's public address it rendered with (canonical and sharing URLs),
 * the URL it rendered (the address bar's, without tracking parameters), the query cache, and
 * the router's state: its loader data, and the Not Found a loader threw
 * for a page of something that does not exist. (That error travels as JSON; React Router's
 * isRouteErrorResponse, which the error page uses, recognises it by its fields.) It travels
 * in a JSON script tag (not executed, so the Content-Security-Policy allows it).
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

export const SERVER_DATA_ID = 'ssr-data';

export interface ServerData {
  /** The shop's public address (PUBLIC_URL), for lib/public-origin.ts. */
  origin: string;
  /** The URL (path and query) the page was rendered for: the request's, without tracking parameters. */
  url: string;
  queries: DehydratedState;
  router: HydrationState;
}

/** JSON that is safe inside <script>: no "<" can close the tag or open a comment. */
export function serializeServerData(data: ServerData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function readServerData(): ServerData | undefined {
  const text = document.getElementById(SERVER_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerData) : undefined;
}
