/**
 * What a server-rendered page hands the browser so that hydration renders exactly what
 * the server did: the query cache it rendered with and the router's loader data. It
 * travels in a JSON script tag (not executed, so the Content-Security-Policy allows it).
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

export const SERVER_DATA_ID = 'ssr-data';

export interface ServerData {
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
