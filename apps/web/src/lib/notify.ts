/**
 * Toasts from the always-loaded storefront frame, without putting react-hot-toast in the
 * entry bundle: the library is fetched on first use (pages and panels import it directly).
 */
export function notifySuccess(message: string, id?: string): void {
  void import('react-hot-toast').then(({ toast }) => toast.success(message, { id }));
}
