/**
 * The menu on phones and tablets: a drawer from the left over the page, modal while open.
 * Focus moves to its Close menu button when it opens and stays inside it (Tab wraps); Escape,
 * Close menu, the shade beside it or a link close it, and the layout puts focus back on the
 * button that opened it.
 */
import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Sidebar } from './sidebar.tsx';

export const MENU_DRAWER_ID = 'admin-menu-drawer';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function MenuDrawer({ onClose }: { onClose(): void }) {
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus(), []);
  // Escape closes it wherever focus is (a click on the drawer's background drops it to the page).
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-40 flex lg:hidden print:hidden">
      <div
        ref={panel}
        id={MENU_DRAWER_ID}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={onKeyDown}
        className="relative w-72 max-w-[85%]"
      >
        <button
          ref={closeButton}
          type="button"
          onClick={onClose}
          className="absolute top-4 right-3 z-10 rounded-md p-1.5 text-neutral-300 hover:bg-white/10"
        >
          <X size={18} aria-hidden="true" />
          <span className="sr-only">Close menu</span>
        </button>
        <Sidebar onNavigate={onClose} />
      </div>
      {/* The shade beside the drawer: a pointer's way to close it (Escape and Close menu are the keyboard's). */}
      <div aria-hidden="true" className="flex-1 bg-black/40" onClick={onClose} />
    </div>
  );
}
