/**
 * The one way to call the API: JSON in and out, the stored token attached, errors
 * raised as ApiError carrying the server's `msg`. A 401 on an authenticated call
 * signs the session out (see onUnauthorized); a 403 naming a permission is heard by
 * onForbidden's listener, and the 403 of a member who must set up two-factor sign-in first by
 * onTwoFactorRequired's. A request whose screen answers its own refusals (`ownRefusals`)
 * reaches neither.
 */
import { STORAGE_KEYS } from '@shop/shared/constants';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { path: string; message: string }[] = [],
    /** The answer's other fields, for a screen to act on (e.g. `duplicateOf`: the order a reference is recorded on). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * How requests leave and where they go: the browser's fetch and the page's origin, or, in
 * the server-side renderer (entry-server.tsx), the API answering in the same process.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
let serverOrigin = 'http://localhost';
export function setTransport(send: typeof fetch, origin = serverOrigin) {
  transport = send;
  serverOrigin = origin;
}
const origin = () => (typeof window === 'undefined' ? serverOrigin : window.location.origin);

let unauthorizedListener: (() => void) | undefined;
export function onUnauthorized(listener: () => void) {
  unauthorizedListener = listener;
}

let forbiddenListener: ((error: ApiError) => void) | undefined;
/**
 * Hears every refusal for want of a permission (403 with `permission`): the back office says
 * why and reads the member's role again. Nobody is signed out for it. Returns the unsubscribe.
 */
export function onForbidden(listener: (error: ApiError) => void): () => void {
  forbiddenListener = listener;
  return () => {
    if (forbiddenListener === listener) forbiddenListener = undefined;
  };
}

/**
 * What every call of a member the shop requires two-factor sign-in of answers (403) until they
 * have set it up: TWO_FACTOR_MESSAGES.setUpFirst in @shop/shared/two-factor, written out here
 * because that module carries zod, which the storefront's entry must not (a test keeps the two
 * the same).
 */
export const SET_UP_TWO_FACTOR_FIRST = 'Set up two-factor sign-in first';

let twoFactorListener: (() => void) | undefined;
/** Hears the refusal of a member who must set up two-factor sign-in first: the back office takes them there. */
export function onTwoFactorRequired(listener: () => void): () => void {
  twoFactorListener = listener;
  return () => {
    if (twoFactorListener === listener) twoFactorListener = undefined;
  };
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.accessToken);
  } catch {
    return null;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Sends this request another way (an upload with progress: lib/upload.ts). */
  transport?: typeof fetch;
  /** Reads the headers of a successful answer (a product list's X-Showing-Results-For). */
  onHeaders?(headers: Headers): void;
  /**
   * The screen shows this request's refusals itself: a 401 does not sign the session out (a
   * password typed to accept an invitation was wrong, not the token) and a 403 naming a
   * permission is not broadcast (a refund that asks for a manager's approval).
   */
  ownRefusals?: boolean;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await readJson(await sendRaw(path, options))) as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A page of a list endpoint: the rows and the total before paging (`X-Total-Count`). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * For list endpoints that page on the server: the same call as apiRequest, and also the
 * total from the `X-Total-Count` header (the number of rows when the header is missing).
 */
export async function apiRequestWithTotal<T>(path: string, options: RequestOptions = {}): Promise<ListPage<T>> {
  const res = await sendRaw(path, options);
  const items = (await readJson(res)) as T[];
  const header = Number(res.headers.get('x-total-count') ?? Number.NaN);
  return { items, total: Number.isFinite(header) ? header : items.length };
}

/** A file from the API (for example a CSV export), fetched with the stored token. */
export async function apiRequestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const res = await sendRaw(path, options);
  return res.blob();
}

/** Sends the request; a refusal is raised as ApiError with the server's message. */
async function sendRaw(
  path: string,
  { method = 'GET', body, query, signal, transport: send = transport, onHeaders, ownRefusals = false }: RequestOptions,
): Promise<Response> {
  const url = new URL(path, origin());
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await send(url, { method, headers, body: payload, signal });
  if (!res.ok) {
    const data = await readJson(res);
    if (res.status === 401 && token && !ownRefusals) unauthorizedListener?.();
    const { msg, message, errors, ...details } = (data ?? {}) as {
      msg?: string;
      message?: string;
      errors?: { path: string; message: string }[];
    };
    const error = new ApiError(res.status, msg ?? message ?? 'Something went wrong', errors, details);
    if (res.status === 403 && !ownRefusals) {
      if (typeof error.details.permission === 'string') forbiddenListener?.(error);
      else if (error.message === SET_UP_TWO_FACTOR_FIRST) twoFactorListener?.();
    }
    throw error;
  }
  onHeaders?.(res.headers);
  return res;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  return text ? safeJson(text) : undefined;
}
