/**
 * Finding products: the header's instant search used with the keyboard only (suggestions
 * while typing, a typo corrected), and a listing's facets (counts, combined, kept in the URL,
 * cleared). The products are made by each test, in names no demo product has.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { createProducts, unique, openApp } from './fixtures.ts';

test('instant search with the keyboard: a few letters, ArrowDown to the product, Enter opens it; a typo is corrected', async ({
  page,
  request,
}) => {
  const tag = unique();
  const [product] = await createProducts(request, [
    { title: `Ankara ${tag} Kimono`, price: 18_500, discount: 2_500, brand: `Search Brand ${tag}` },
  ]);
  await openApp(page, '/');

  // The header's search button, then type: the field has the focus.
  await page.getByRole('link', { name: 'Search' }).focus();
  await page.keyboard.press('Enter');
  const combobox = page.getByRole('combobox', { name: 'Search products' });
  await expect(combobox).toBeFocused();
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.type(tag.slice(0, 6));

  const listbox = page.getByRole('listbox', { name: 'Suggestions' });
  const option = listbox.getByRole('option', { name: new RegExp(product!.title) });
  await expect(option).toBeVisible();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  // Its photo, brand, and price with the old price struck.
  await expect(option).toContainText(`Search Brand ${tag}`);
  await expect(option).toContainText('₦16,000.00');
  await expect(option.locator('s')).toContainText('₦18,500.00');
  await expect(listbox.getByRole('option', { name: `See all results for “${tag.slice(0, 6)}”` })).toBeVisible();
  expect(await seriousViolations(page, '[data-testid="header-search"]')).toEqual([]);

  await page.keyboard.press('ArrowDown');
  const activeId = await combobox.getAttribute('aria-activedescendant');
  expect(activeId).toBeTruthy();
  await expect(option).toHaveAttribute('id', activeId!);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(combobox).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/productdetails/${product!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();
  await expect(combobox).toHaveCount(0);

  // A typo: what it found instead is said, and the product is suggested.
  await page.getByRole('link', { name: 'Search' }).focus();
  await page.keyboard.press('Enter');
  await expect(combobox).toBeFocused();
  await page.keyboard.type(`ankra ${tag}`);
  await expect(page.getByTestId('corrected-query')).toHaveText(`Showing results for “ankara ${tag}”`);
  await expect(listbox.getByRole('option', { name: new RegExp(product!.title) })).toBeVisible();

  // Escape closes the list and keeps the text; a second clears it.
  await page.keyboard.press('Escape');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
  await expect(combobox).toHaveValue(`ankra ${tag}`);
  await page.keyboard.press('Escape');
  await expect(combobox).toHaveValue('');

  // Enter with nothing chosen: the search page, which says what it showed instead.
  await page.keyboard.type(`ankra ${tag}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?title=ankra/);
  await expect(page.getByTestId('showing-results-for')).toHaveText(
    `No results for “ankra ${tag}”. Showing results for “ankara ${tag}”`,
  );
  await expect(page.getByTestId('product-grid').getByRole('article')).toHaveCount(1);
});

test('instant search on a 375 px phone: a full-width panel under the header', async ({ page, request }) => {
  const tag = unique();
  await createProducts(request, [{ title: `Aso Oke Cap with a long name that does not fit on a phone ${tag}`, discount: 1000 }]);
  await page.setViewportSize({ width: 375, height: 740 });
  await openApp(page, '/');
  await page.getByRole('link', { name: 'Search' }).click();
  await page.getByRole('combobox', { name: 'Search products' }).fill(tag);
  await expect(page.getByRole('option', { name: /Aso Oke Cap with a long name/ })).toBeVisible();
  const panel = await page.getByTestId('header-search').boundingBox();
  expect(panel).toMatchObject({ x: 0, width: 375 });
  // Nothing in it runs off the screen (a long title is cut with an ellipsis).
  expect(await page.getByTestId('header-search').evaluate((panel) => panel.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page, '[data-testid="header-search"]')).toEqual([]);
  await page.getByRole('button', { name: 'Close search' }).click();
  await expect(page.getByTestId('header-search')).toHaveCount(0);
});

test('facets: a brand then a size, with their counts, kept in the URL; only matching products; cleared', async ({
  page,
  request,
}) => {
  const tag = unique();
  const sub = `Facets ${tag}`;
  const [brandA, brandB] = [`Facet A ${tag}`, `Facet B ${tag}`];
  // The stock of a product goes to its first size.
  const [mediumA, largeA, mediumB] = await createProducts(request, [
    { title: `Facet Medium A ${tag}`, category: 'Women', sub, brand: brandA, sizes: 'medium' },
    { title: `Facet Large A ${tag}`, category: 'Women', sub, brand: brandA, sizes: 'large' },
    { title: `Facet Medium B ${tag}`, category: 'Women', sub, brand: brandB, sizes: 'medium' },
  ]);
  const subQuery = new URLSearchParams({ sub }).toString();
  await openApp(page, `/women?${subQuery}`);

  const filters = page.getByRole('complementary', { name: 'Filters' });
  const grid = page.getByTestId('product-grid');
  await expect(grid.getByRole('article')).toHaveCount(3);
  await expect(filters.getByRole('radio', { name: `${brandA} (2)` })).toBeVisible();
  await expect(filters.getByRole('radio', { name: `${brandB} (1)` })).toBeVisible();
  await expect(filters.getByRole('checkbox', { name: /^medium \(2\)$/i })).toBeEnabled();
  await expect(filters.getByRole('checkbox', { name: /^large \(1\)$/i })).toBeEnabled();
  await expect(filters.getByRole('checkbox', { name: /^small \(0\)$/i })).toBeDisabled();
  expect(await seriousViolations(page, 'aside')).toEqual([]);

  // A brand: the URL keeps it, the sizes count that brand's products.
  // The choices follow the URL (a navigation): a click, then the state it leads to.
  await filters.getByRole('radio', { name: `${brandA} (2)` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]brand=${encodeURIComponent(brandA).replace(/%20/g, '\\+')}`));
  await expect(grid.getByRole('article')).toHaveCount(2);
  await expect(filters.getByRole('checkbox', { name: /^medium \(1\)$/i })).toBeVisible();
  await expect(filters.getByRole('checkbox', { name: /^large \(1\)$/i })).toBeVisible();

  // Then a size: both kept, only the medium of that brand is listed; the brands count medium products.
  await filters.getByRole('checkbox', { name: /^medium \(1\)$/i }).click();
  await expect(page).toHaveURL(/[?&]size=medium/);
  await expect(page).toHaveURL(/[?&]brand=/);
  await expect(grid.getByRole('article')).toHaveCount(1);
  await expect(grid.getByRole('link', { name: mediumA!.title }).first()).toBeVisible();
  await expect(filters.getByRole('radio', { name: `${brandA} (1)` })).toBeChecked();
  await expect(filters.getByRole('radio', { name: `${brandB} (1)` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove Brand: ${brandA}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Size: medium' })).toBeVisible();

  // The URL is the listing's state: a reload shows the same.
  await page.reload();
  await expect(grid.getByRole('article')).toHaveCount(1);
  await expect(filters.getByRole('checkbox', { name: /^medium \(1\)$/i })).toBeChecked();

  // One filter removed, then all of them.
  await page.getByRole('button', { name: 'Remove Size: medium' }).click();
  await expect(page).not.toHaveURL(/size=/);
  await expect(grid.getByRole('article')).toHaveCount(2);
  await expect(grid.getByRole('link', { name: largeA!.title }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/women$/);
  await expect(page.getByTestId('active-filters')).toHaveCount(0);
  await expect(page.getByRole('link', { name: mediumB!.title }).first()).toBeVisible();
});
