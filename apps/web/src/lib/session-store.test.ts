import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './session-store.ts';

const user = {
  id: 'u1',
  fname: 'Ada',
  lname: 'Okafor',
  email: 'ada@example.com',
  phone: '',
  address: '',
  city: '',
  state: '',
  country: '',
  role: 'shopper' as const,
};

describe('session store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('keeps the token and user under the original storage keys', () => {
    useSession.getState().signIn({ accessToken: 'tok', user });
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    useSession.getState().signOut();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(useSession.getState().status).toBe('signed-out');
  });

  it('asks the server to revoke the token on sign-out, and signs out here even when that fails', async () => {
    useSession.getState().signIn({ accessToken: 'tok', user });
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    useSession.getState().logOut();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(useSession.getState().status).toBe('signed-out');
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/logout$/);
    expect(init).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer tok' } });
  });

  it('signs out when the stored token is refused on restore', async () => {
    localStorage.setItem('access_token', 'stale');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ msg: 'no' }), { status: 401 }));
    await useSession.getState().restore();
    expect(useSession.getState().status).toBe('signed-out');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('restores the user from /api/auth/me', async () => {
    localStorage.setItem('access_token', 'good');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ user }), { status: 200 }));
    await useSession.getState().restore();
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', user });
  });

  it('keeps the stored session when the server cannot answer (busy or offline), and signs out only on a 401', async () => {
    localStorage.setItem('access_token', 'good');
    localStorage.setItem('user', JSON.stringify(user));
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(JSON.stringify({ msg: 'busy' }), { status: 503 }));
    await useSession.getState().restore();
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', user });
    expect(localStorage.getItem('access_token')).toBe('good');
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await useSession.getState().restore();
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', user });
  });

  it('drops an answer that arrives after the person signed out (the back office reads the account again on load)', async () => {
    useSession.getState().signIn({ accessToken: 'tok', user });
    let answer!: (response: Response) => void;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      String(input).endsWith('/api/auth/me')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Promise.resolve(new Response(null, { status: 204 })),
    );
    const restoring = useSession.getState().restore();
    useSession.getState().logOut();
    answer(new Response(JSON.stringify({ user }), { status: 200 }));
    await restoring;
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', user: null });
    expect(localStorage.getItem('user')).toBeNull();
  });
});
