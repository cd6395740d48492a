/**
 * The till's offline specs: a product of their own made through the API, a till prepared in
 * the browser as the demo Cashier, the network cut (the context offline AND every request
 * aborted, the service worker's included: Playwright's offline switch does not reach a
 * service worker's own requests), and sales rung up through the till's screen.
 */
import { type APIRequestContext, type BrowserContext, expect, type Page, type Request } from '@playwright/test';
import { demoAccount } from '../demo-accounts.ts';
import { type StaffSession, signInWithStorage, staffSession } from '../admin/helpers.ts';
import { unique } from '../storefront/fixtures.ts';

export const CASHIER = demoAccount('cashier@demo.shop');
/** The Manager's role allows selling below zero offline (the Cashier's asks a manager's approval). */
export const MANAGER = demoAccount('manager@demo.shop');

export const auth = (session: StaffSession) => ({ authorization: `Bearer ${session.accessToken}` });

export interface StockedProduct {
  id: string;
  title: string;
  variants: { id: string; sku: string; size: string; counter: number }[];
}

/** A product of this spec's own (the demo Owner making it), with the sizes and stock given; price in naira. */
export async function stockedProduct(
  request: APIRequestContext,
  price: number,
  sizes: { size: string; counter: number }[],
): Promise<StockedProduct> {
  const owner = await staffSession(request);
  const tag = unique();
  const title = `Till Kaftan ${tag}`;
  const res = await request.post('/api/products/create', {
    headers: auth(owner),
    data: {
      title,
      price,
      variants: sizes.map((s) => ({ sku: `TILL-${tag}-${s.size.slice(0, 1)}`.toUpperCase(), size: s.size, counter: s.counter })),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = await res.json();
  return productNow(request, id);
}

export async function productNow(request: APIRequestContext, id: string): Promise<StockedProduct> {
  const res = await request.get(`/api/products/${id}`);
  expect(res.ok()).toBe(true);
  return res.json();
}

/**
 * Signs the member in (the demo Cashier unless told), opens /pos and sets the device up as a
 * till; resolves once the till's service worker controls the page (its precache installed), so
 * the till opens offline.
 */
export async function prepareTill(
  page: Page,
  name: string,
  account: { email: string; password: string } = CASHIER,
): Promise<void> {
  const session = await staffSession(page.request, account);
  await signInWithStorage(page, session);
  await page.goto('/pos');
  await page.getByLabel('Till name').fill(name);
  await page.getByRole('button', { name: 'Set up this till' }).click();
  await expect(page.getByText(/Cashier: /)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('All sales synced')).toBeVisible();
  // The till's own worker (`/sw.js?till`, which precaches the till), not the storefront's that
  // a page opened before /pos may have registered: the till's replaces it.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('?till') === true, undefined, {
    timeout: 20_000,
  });
}

/** Cuts the till off: what reached the server after this is in `reached` (it must stay empty). */
export async function goOffline(context: BrowserContext) {
  const reached: string[] = [];
  const attempted: string[] = [];
  // Only what the till asks for from now on: a picture it began to load online may finish after
  // the cut (on a busy machine four thumbnails did, and were counted as reaching the server).
  const offline = new Set<Request>();
  context.on('request', (request) => {
    offline.add(request);
    attempted.push(request.url());
  });
  context.on('requestfinished', async (request) => {
    if (!offline.has(request)) return;
    const response = await request.response();
    if (response && !response.fromServiceWorker()) reached.push(request.url());
  });
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  return {
    reached,
    attempted,
    /** Back online as a till finds it: routes restored, then the page's `online` event (what the till's handler hears). */
    async restore(pages: Page[]) {
      await context.unroute('**/*');
      await context.setOffline(false);
      for (const page of pages) await page.evaluate(() => window.dispatchEvent(new Event('online')));
    },
  };
}

type Tender =
  | { type: 'Cash'; received?: string }
  | { type: 'Card (terminal)' | 'Bank transfer'; amount?: string; reference?: string };

/** Adds an item by scanning its SKU (a keyboard-wedge scanner types it and presses Enter). */
export async function scan(page: Page, code: string) {
  const box = page.getByRole('searchbox', { name: 'Search or scan' });
  await box.fill(code);
  await box.press('Enter');
}

/** Adds an item by searching its name and tapping it. */
export async function pick(page: Page, words: string, sku: string) {
  await page.getByRole('searchbox', { name: 'Search or scan' }).fill(words);
  await page.getByRole('list', { name: 'Product results' }).getByRole('button').filter({ hasText: sku }).click();
}

export async function pay(page: Page, tender: Tender) {
  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByLabel(tender.type, { exact: true }).check();
  if (tender.type === 'Cash') {
    if (tender.received) await payment.getByLabel('Cash received (₦)').fill(tender.received);
  } else {
    if (tender.amount) await payment.getByLabel('Amount (₦)').fill(tender.amount);
    if (tender.reference) await payment.getByLabel(/reference/).fill(tender.reference);
  }
  await payment.getByRole('button', { name: 'Add payment' }).click();
}

/** Completes the sale on screen; answers its receipt number and starts the next sale. */
export async function completeSale(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const heading = page.getByRole('heading', { name: /^Receipt T\d+-\d{6}$/ });
  await expect(heading).toBeVisible();
  const receiptNumber = (await heading.textContent())!.replace('Receipt ', '');
  await page.getByRole('button', { name: 'New sale' }).click();
  return receiptNumber;
}

/** The sales the till keeps on the device (IndexedDB), as stored. */
export async function storedSales(page: Page): Promise<{ id: string; receiptNumber: string; status: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('shop-till');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('sales').objectStore('sales').getAll();
          read.onsuccess = () => {
            resolve(
              read.result.map((s: { id: string; receiptNumber: string; status: string }) => ({
                id: s.id,
                receiptNumber: s.receiptNumber,
                status: s.status,
              })),
            );
            open.result.close();
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/** What breaks the till's layout on this screen: sideways scrolling, and touch targets under 44 px high. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`scrolls sideways: ${document.documentElement.scrollWidth}px in ${width}px`);
    const targets = Array.from(
      document.querySelectorAll<HTMLElement>('main button, main a[href], main input:not([type=radio]), main summary'),
    );
    for (const target of targets) {
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.height < 44)
        problems.push(
          `${target.tagName.toLowerCase()} "${(target.textContent || target.getAttribute('aria-label') || '').trim().slice(0, 30)}" is ${Math.round(box.height)}px high`,
        );
    }
    return problems;
  });
}
