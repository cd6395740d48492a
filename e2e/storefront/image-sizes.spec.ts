/**
 * A card's photo says how wide it shows (`sizes`), and says it true: the browser picks the file
 * to download from it before the page is laid out, so a `sizes` wider than the card costs a
 * shopper a larger file than her screen can show (CARD_SIZES in product-card.tsx, the tiles'
 * TILE_SIZES).
 */
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { createProducts, unique } from './fixtures.ts';

/** The width its `sizes` gives for this screen, and the width it shows at, in CSS pixels. */
function saidAndShown(photo: Locator) {
  return photo.evaluate((img: HTMLImageElement) => {
    const entries = (img.getAttribute('sizes') ?? img.dataset.sizes ?? '').split(/,\s*(?![^()]*\))/).map((entry) => {
      const match = /^(\([^)]*\))\s+(.+)$/.exec(entry.trim());
      return match ? { media: match[1]!, length: match[2]! } : { media: undefined, length: entry.trim() };
    });
    const slot = entries.find(({ media }) => !media || matchMedia(media).matches);
    const probe = document.createElement('div');
    probe.style.cssText = `position: absolute; width: ${slot?.length}`;
    document.body.append(probe);
    const said = probe.getBoundingClientRect().width;
    probe.remove();
    return { said, shown: img.getBoundingClientRect().width };
  });
}

async function onScreen(browser: Browser, width: number, deviceScaleFactor: number, url: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor, isMobile: width < 640 });
  const page = await context.newPage();
  await page.goto(url);
  return { page, close: () => context.close() };
}

/** At each screen width, the photo `locate` finds on `url` is as wide as its `sizes` says (within a scrollbar's half). */
async function expectAsWideAsSaid(browser: Browser, url: string, widths: number[], locate: (page: Page) => Locator) {
  for (const width of widths) {
    const { page, close } = await onScreen(browser, width, 1, url);
    const photo = locate(page);
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toBeVisible();
    const { said, shown } = await saidAndShown(photo);
    // Never narrower than shown (a blurred photo); wider by a scrollbar's half at most.
    expect(said, `${width} px`).toBeGreaterThanOrEqual(shown - 0.5);
    expect(said - shown, `${width} px`).toBeLessThanOrEqual(8);
    await close();
  }
}

test("a listing's card photos are as wide as their sizes say, on a phone, a tablet and two desktops", async ({
  browser,
  request,
}) => {
  const brand = `Sizes ${unique()}`;
  await createProducts(
    request,
    Array.from({ length: 4 }, () => ({ brand })),
  );
  await expectAsWideAsSaid(browser, `/brand?brand=${encodeURIComponent(brand)}`, [360, 412, 800, 1100, 1400], (page) =>
    page.getByTestId('product-grid').locator('img').first(),
  );
});

test("the home page's category tiles are as wide as their sizes say", async ({ browser }) => {
  await expectAsWideAsSaid(browser, '/', [360, 800, 1100, 1400], (page) =>
    page.getByRole('link', { name: 'Jewelries' }).locator('img').first(),
  );
});

/**
 * The file a phone takes for a card, never the 640 px one its card does not need. A 360 px phone
 * at 2× needs 316 px, 2 px under the 320 px file: Chromium took that file in most runs and the
 * 480 px one in one CI run, so either passes here.
 */
test('a phone takes a file its card needs, not the 640 px one: 320 or 480 px at 360 px and 2×, 480 px at 412 px and 1.75×', async ({
  browser,
  request,
}) => {
  const brand = `Small Phone ${unique()}`;
  await createProducts(request, [{ brand }]);
  for (const [width, scale, file] of [
    [360, 2, /-(320|480)\.webp$/],
    [412, 1.75, /-480\.webp$/],
  ] as const) {
    const { page, close } = await onScreen(browser, width, scale, `/brand?brand=${encodeURIComponent(brand)}`);
    const photo = page.getByTestId('product-grid').locator('img').first();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(file);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await close();
  }
});

test("Similar Collections' photos are as wide as their sizes say", async ({ browser, request }) => {
  const category = 'Men';
  const [product] = await createProducts(
    request,
    Array.from({ length: 4 }, () => ({ category })),
  );
  await expectAsWideAsSaid(browser, `/productdetails/${product!.id}`, [360, 800, 1400], (page) =>
    page.getByRole('region', { name: 'Similar Collections' }).locator('img').first(),
  );
});
