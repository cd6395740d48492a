/**
 * The frame of every protected back-office page: the guard, the fixed sidebar on wide
 * screens (a slide-in menu on tablets), and the page itself. Hidden when printing.
 */
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { RequireAdmin } from './require-admin.tsx';
import { Sidebar } from './sidebar.tsx';

export function AdminLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <RequireAdmin>
      <div className="min-h-screen bg-neutral-100 print:bg-white">
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 lg:block print:hidden">
          <Sidebar />
        </aside>
        <div className="sticky top-0 z-20 flex items-center justify-between bg-neutral-950 px-4 py-3 text-white lg:hidden print:hidden">
          <span className="font-bold tracking-[0.3em]">ADIRE</span>
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-expanded={menuOpen}
            aria-controls="admin-mobile-menu"
            className="rounded-md p-2 hover:bg-white/10"
          >
            <Menu size={20} aria-hidden="true" />
            <span className="sr-only">Open menu</span>
          </button>
        </div>
        {menuOpen ? (
          <div id="admin-mobile-menu" className="fixed inset-0 z-40 flex lg:hidden print:hidden">
            <div className="relative w-72 max-w-[85%]">
              <Sidebar onNavigate={() => setMenuOpen(false)} />
              <button
                type="button"
                onClick={() => setMenuOpen(false)}
                className="absolute top-4 right-3 rounded-md p-1.5 text-neutral-300 hover:bg-white/10"
              >
                <X size={18} aria-hidden="true" />
                <span className="sr-only">Close menu</span>
              </button>
            </div>
            <button type="button" aria-label="Close menu" className="flex-1 bg-black/40" onClick={() => setMenuOpen(false)} />
          </div>
        ) : null}
        <main className="px-4 py-6 sm:px-6 lg:ml-64 lg:px-8 lg:py-8 print:m-0 print:p-0">
          <Outlet />
        </main>
      </div>
    </RequireAdmin>
  );
}
