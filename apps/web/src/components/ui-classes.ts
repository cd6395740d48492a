/** The storefront's shared control styles (Tailwind classes), so every form and button looks the same. */

/** The shared look of text fields. */
export const inputClass =
  'block w-full rounded-none border border-line bg-white px-3 py-2.5 text-base text-ink placeholder:text-muted/70 focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent aria-[invalid=true]:border-sale sm:text-sm';
export const labelClass = 'mb-1.5 block text-xs font-semibold tracking-[0.14em] uppercase';
export const primaryButton =
  'inline-flex items-center justify-center gap-2 bg-ink px-6 py-3 text-sm font-semibold tracking-[0.18em] text-white uppercase transition-colors hover:bg-accent disabled:cursor-wait disabled:opacity-70';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 border border-ink bg-white px-6 py-3 text-sm font-semibold tracking-[0.18em] text-ink uppercase transition-colors hover:bg-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-50';
