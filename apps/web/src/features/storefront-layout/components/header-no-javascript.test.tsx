// @vitest-environment node
/**
 * The header's search without JavaScript (issue 32): the server's page carries a plain GET form
 * to /search?title= in a <noscript>, which the browser's build leaves out (import.meta.env.SSR),
 * and the instant search's own box is the same GET form.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Header } from './header.tsx';
import HeaderSearch from './header-search.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

const html = (element: React.ReactNode) =>
  renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/women'] })} />
    </QueryClientProvider>,
  );

describe('the header without JavaScript', () => {
  it('has a search box that sends title to /search with GET, only in the server’s <noscript>', () => {
    const page = html(<Header user={null} cartCount={0} onSignIn={() => {}} onSignOut={() => {}} renderPanel={() => null} />);
    const noscript = /<noscript>(.*?)<\/noscript>/.exec(page)?.[1] ?? '';
    expect(noscript).toMatch(/^<form [^>]*\baction="\/search"[^>]*><input [^>]*\bname="title"[^>]*><\/form>$/);
    expect(noscript).not.toContain('method=');
    // The search link still opens the search page.
    expect(page).toMatch(/<a [^>]*aria-label="Search"[^>]*href="\/search"/);
  });

  it("has a row of links to the sections' listings and her orders, only in the server's <noscript> (their menus need the app)", () => {
    const page = html(<Header user={null} cartCount={0} onSignIn={() => {}} onSignOut={() => {}} renderPanel={() => null} />);
    const sections = /<noscript><nav aria-label="Sections"[^>]*>(.*?)<\/nav><\/noscript>/.exec(page)?.[1] ?? '';
    for (const [label, href] of [
      ['Women', '/women'],
      ['Sale', '/sales'],
      ['Home Decor', '/homedecor'],
      ['Brands', '/brand'],
      ['My orders', '/orders'],
    ]) {
      expect(sections).toContain(`href="${href}"`);
      expect(sections).toContain(`>${label}</a>`);
    }
  });

  it('has Sign in as a link to /signin', () => {
    const page = html(<Header user={null} cartCount={0} onSignIn={() => {}} onSignOut={() => {}} renderPanel={() => null} />);
    expect(page).toMatch(/<a [^>]*href="\/signin"[^>]*aria-label="Sign in"|<a [^>]*aria-label="Sign in"[^>]*href="\/signin"/);
  });

  it('makes the instant search’s box the same GET form', () => {
    const page = html(<HeaderSearch onClose={() => {}} />);
    expect(page).toMatch(/<form [^>]*action="\/search"/);
    expect(page).toMatch(/<form [^>]*\baction="\/search"[^>]*>.*<input [^>]*role="combobox"[^>]*\bname="title"/);
  });
});
