/**
 * The one way to tell a person something passed or failed: a toast. react-hot-toast is
 * loaded on first use, so it stays out of the storefront's entry bundle; the outlet is
 * the root layout's <Toaster>. Durations are the specs': 10 s in the shop and on the back
 * office's product screens ('shop'), the library's own elsewhere in the back office
 * ('admin': success 2 s, error 4 s); a point-of-sale message stays 5 s (`duration`).
 */
import type { ReactNode } from 'react';

export type ToastArea = 'shop' | 'admin';

export const TOAST_MS = {
  shop: { success: 10_000, error: 10_000, blank: 9000 },
  admin: { success: 2000, error: 4000 },
  /** The back office's point of sale: "shows a success message for 5 seconds". */
  pointOfSale: 5000,
} as const;

export interface NotifyOptions {
  area?: ToastArea;
  /** Overrides the area's duration. */
  duration?: number;
  /** A toast with the same id replaces the previous one instead of stacking. */
  id?: string;
}

type Toasts = typeof import('react-hot-toast').toast;
let loaded: Toasts | undefined;

function show(tone: 'success' | 'error', message: ReactNode, { area = 'shop', duration, id }: NotifyOptions) {
  // One error says a thing once: a refusal heard by the back office (onForbidden) and by the
  // screen that made the request shows one toast, not two alike.
  const options = {
    duration: duration ?? TOAST_MS[area][tone],
    id: id ?? (tone === 'error' && typeof message === 'string' ? message : undefined),
  };
  if (loaded) {
    loaded[tone](message as never, options);
    return;
  }
  void import('react-hot-toast').then(({ toast }) => {
    loaded = toast;
    toast[tone](message as never, options);
  });
}

export const notify = {
  success: (message: ReactNode, options: NotifyOptions = {}) => show('success', message, options),
  error: (message: ReactNode, options: NotifyOptions = {}) => show('error', message, options),
  /** A message with one button (Undo): pressing it closes the toast and runs `onAction`. */
  action: (message: ReactNode, label: string, onAction: () => void, { area = 'shop', duration }: NotifyOptions = {}) => {
    void import('react-hot-toast').then(({ toast }) => {
      loaded = toast;
      toast(
        (t) => (
          <span className="flex items-center gap-3">
            {message}
            <button
              type="button"
              className="rounded border border-neutral-300 px-2 py-0.5 text-sm font-medium"
              onClick={() => {
                toast.dismiss(t.id);
                onAction();
              }}
            >
              {label}
            </button>
          </span>
        ),
        { duration: duration ?? TOAST_MS[area].error },
      );
    });
  },
};
