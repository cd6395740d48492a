import { describe, expect, it } from 'vitest';
import { MENU, PAGE_NEEDS, pageNeed } from '@/lib/back-office-access.ts';
import { adminRoutes } from './admin-routes.tsx';

/** The back-office pages: the children of the layout (the route with children). */
const pages = () => adminRoutes.find((route) => route.children)?.children?.map((route) => route.path) ?? [];

describe('the back office’s routes and the permission table', () => {
  it('declare what each page needs: no route without an entry, no entry without a route', () => {
    expect(pages().length).toBeGreaterThan(20);
    expect([...pages()].sort()).toEqual(Object.keys(PAGE_NEEDS).sort());
  });

  it('put in the menu only pages that exist', () => {
    for (const { to } of MENU) expect(pageNeed(to), to).toBeDefined();
  });
});
