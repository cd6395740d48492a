/**
 * Toasts with the spec's durations. The root <Toaster/> is set for the product screens
 * (10000 ms), so every other screen passes the notification library's own defaults.
 */
import toast from 'react-hot-toast';

export const TOAST_MS = { success: 2000, error: 4000, product: 10000 } as const;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_MS.success }),
  error: (message: string) => toast.error(message, { duration: TOAST_MS.error }),
};

/** Product screens keep their messages up for 10 seconds. */
export const notifyProduct = {
  success: (message: string) => toast.success(message, { duration: TOAST_MS.product }),
  error: (message: string) => toast.error(message, { duration: TOAST_MS.product }),
};
