// Types of bench-bytes.mjs for the TypeScript that imports it (e2e/storefront/lite-mode.spec.ts).
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright';

export declare const BUDGETS: { normalPage: number; litePage: number; liteCode: number; repeatVisit: number };
export declare const KINDS: readonly ['html', 'css', 'js', 'images', 'fonts', 'data', 'other'];
export type Kind = (typeof KINDS)[number];

export interface PageBytes {
  bytes: Record<Kind, number>;
  total: number;
  /** HTML + CSS + JS + fonts. */
  code: number;
  images: { url: string; bytes: number }[];
}

export declare function measurePage(page: Page, url: string, options?: { hydrates?: boolean }): Promise<PageBytes>;
export declare function seeWholePage(page: Page): Promise<void>;
export declare function markHydration(target: Page | BrowserContext): Promise<void>;
export declare function untilHydrated(page: Page): Promise<void>;
export declare function phoneContext(
  browser: Browser,
  mode: 'normal' | 'lite',
  options?: BrowserContextOptions,
): Promise<BrowserContext>;
export declare function measureFirstViews(
  browser: Browser,
  pages: [name: string, url: string][],
): Promise<(PageBytes & { mode: 'normal' | 'lite'; name: string })[]>;
export declare function reportBytes(results: unknown[]): boolean;
export declare function runByteBudgets(options?: {
  port?: number;
  more?: (browser: Browser, pages: [string, string][]) => Promise<boolean | undefined>;
}): Promise<boolean>;
