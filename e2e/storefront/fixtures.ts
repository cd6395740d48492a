/**
 * Test data for the storefront specs, made through the real API so each spec stands alone:
 * products (with generated PNG photos) made by the demo admin, and fresh shoppers with
 * unique emails; and the e-mails the server wrote. Nothing here depends on the demo catalogue.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { markHydration } from '../../scripts/bench-bytes.mjs';
import { demoAccount } from '../demo-accounts.ts';

export const DEMO_ADMIN = demoAccount('admin@demo.shop');
export const DEMO_SHOPPER = demoAccount('shopper@demo.shop');

export interface ApiProduct {
  id: string;
  title: string;
  price: number;
  discount: number;
  imageUrls: string[];
}

export interface Shopper {
  email: string;
  password: string;
  firstName: string;
  accessToken: string;
  user: Record<string, unknown>;
}

export const unique = () => randomUUID().slice(0, 8);

// ── A small PNG, drawn here (the API only accepts real images) ───────────────────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A 40×50 PNG in one colour with a darker band, so photos differ from product to product. */
export function png(rgb: [number, number, number]): Buffer {
  const width = 40;
  const height = 50;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const shade = y > 20 && y < 30 ? 0.6 : 1;
      row[1 + x * 3] = Math.round(rgb[0] * shade);
      row[2 + x * 3] = Math.round(rgb[1] * shade);
      row[3 + x * 3] = Math.round(rgb[2] * shade);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ── The API ───────────────────────────────────────────────────────────────────────────

/** One admin sign-in per test worker: sign-ins are rate-limited (10 a minute per account). */
let adminTokenPromise: Promise<string> | undefined;
function adminToken(request: APIRequestContext): Promise<string> {
  adminTokenPromise ??= (async () => {
    const res = await request.post('/api/auth/adminlogin', { data: DEMO_ADMIN });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).accessToken as string;
  })().catch((error) => {
    adminTokenPromise = undefined;
    throw error;
  });
  return adminTokenPromise;
}

/** The category (created if the shop has none of that name), with a sub-category. */
async function ensureCategory(request: APIRequestContext, token: string, name: string, sub?: string) {
  const headers = { authorization: `Bearer ${token}` };
  const categories: { id: string; name: string }[] = await (await request.get('/api/categories')).json();
  let category = categories.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!category) {
    const res = await request.post('/api/categories/create', { headers, data: { name } });
    expect(res.ok(), await res.text()).toBeTruthy();
    category = await res.json();
  }
  if (sub) {
    const subs: { name: string; categoryId: string }[] = await (await request.get('/api/subs')).json();
    if (!subs.some((s) => s.name.toLowerCase() === sub.toLowerCase() && s.categoryId === category!.id)) {
      await request.post('/api/subs/create', { headers, data: { name: sub, categoryId: category!.id } });
    }
  }
  return category!;
}

async function ensureBrand(request: APIRequestContext, token: string, name: string) {
  const brands: { name: string }[] = await (await request.get('/api/brands')).json();
  if (brands.some((b) => b.name === name)) return;
  const res = await request.post('/api/brands/create', { headers: { authorization: `Bearer ${token}` }, data: { name } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

export interface NewProduct {
  title?: string;
  price?: number;
  discount?: number;
  counter?: number;
  category?: string;
  sub?: string;
  brand?: string;
  /** Comma-separated; 'one size' (nothing to choose) unless given. The stock goes to the first size. */
  sizes?: string;
  color?: string;
  images?: number;
}

/** Creates products as the demo admin; every title carries a unique tag. */
export async function createProducts(request: APIRequestContext, products: NewProduct[]): Promise<ApiProduct[]> {
  const token = await adminToken(request);
  const created: ApiProduct[] = [];
  for (const [i, p] of products.entries()) {
    const category = await ensureCategory(request, token, p.category ?? 'Women', p.sub);
    const tag = unique();
    const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
      title: p.title ?? `Test Wrap Dress ${tag}`,
      heading: `A hand-dyed piece made for the end-to-end tests, number ${i + 1}`,
      description: 'Made by hand in Lagos.',
      price: String(p.price ?? 12500),
      discount: String(p.discount ?? 0),
      color: p.color ?? 'Indigo, Cream',
      size: p.sizes ?? 'one size',
      counter: String(p.counter ?? 10),
      availability: (p.counter ?? 10) > 0 ? 'In Stock' : 'Out of Stock',
      categoryId: category.id,
    };
    if (p.sub) multipart.sub = p.sub;
    if (p.brand) {
      await ensureBrand(request, token, p.brand);
      multipart.brand = p.brand;
    }
    // Playwright's multipart takes one file per field name, so the photos are added after.
    const images = p.images ?? 1;
    if (images > 0) multipart.imageUrl = { name: `${tag}.png`, mimeType: 'image/png', buffer: png([180, 90 + i * 10, 60]) };
    const res = await request.post('/api/products/create', { headers: { authorization: `Bearer ${token}` }, multipart });
    expect(res.ok(), await res.text()).toBeTruthy();
    let product: ApiProduct = await res.json();
    for (let k = 1; k < images; k++) {
      const more = await request.put(`/api/products/${product.id}`, {
        headers: { authorization: `Bearer ${token}` },
        multipart: { imageUrl: { name: `${tag}-${k}.png`, mimeType: 'image/png', buffer: png([60, 90, 160 - k * 20]) } },
      });
      expect(more.ok(), await more.text()).toBeTruthy();
      product = await more.json();
    }
    created.push(product);
  }
  return created;
}

export async function createBanner(request: APIRequestContext, title: string): Promise<void> {
  const token = await adminToken(request);
  const res = await request.post('/api/banners/create', { headers: { authorization: `Bearer ${token}` }, data: { title } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Where a shopper lives; the checkout's delivery step starts from it. */
export interface ShopperAddress {
  address?: string;
  city?: string;
  /** As the shopper would type it: 'Lagos' (priced as Lagos Mainland), 'FCT', 'Oyo'… */
  state?: string;
}

/** A new shopper, registered through the API: in Lagos (the Mainland) unless told otherwise. */
export async function registerShopper(request: APIRequestContext, where: ShopperAddress = {}): Promise<Shopper> {
  const tag = unique();
  const body = {
    firstName: `Ada${tag.slice(0, 4)}`,
    lastName: 'Tester',
    email: `shopper-${tag}@example.com`,
    password: 'correct-horse-battery',
    phone: '+234 803 000 0000',
    address: where.address ?? '1 Marina',
    city: where.city ?? 'Lagos',
    state: where.state ?? 'Lagos',
    country: 'Nigeria',
  };
  const res = await request.post('/api/auth/register', { data: body });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { accessToken, user } = await res.json();
  return { email: body.email, password: body.password, firstName: body.firstName, accessToken, user };
}

/** Opens the app already signed in as the shopper (the keys the app reads on start). */
export async function signInWithStorage(page: Page, shopper: Shopper): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      if (!localStorage.getItem('access_token')) {
        localStorage.setItem('access_token', token);
        localStorage.setItem('user', user);
      }
    },
    [shopper.accessToken, JSON.stringify(shopper.user)] as const,
  );
}

/**
 * Waits until the app has taken over the server-rendered page: the header greets the
 * signed-in shopper, whom the server does not know. Before that, only the last button pressed
 * is replayed, so a quantity stepper pressed before a button would be lost.
 */
export async function untilGreeted(page: Page, shopper: Shopper): Promise<void> {
  await expect(page.getByTestId('greeting')).toHaveText(`Hi ${shopper.firstName}`);
}

// ── E-mail ────────────────────────────────────────────────────────────────────────────

export interface WrittenMail {
  to: string;
  subject: string;
  /** Every part of the message after the headers, quoted-printable decoded. */
  body: string;
}

/** Quoted-printable (RFC 2045): soft line breaks joined, =XX bytes restored, read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function readEml(file: string): WrittenMail {
  const raw = readFileSync(file, 'utf8');
  const end = raw.search(/\r?\n\r?\n/);
  // Folded header lines continue on lines that start with white space.
  const headers = raw.slice(0, end).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  return { to: header('To'), subject: header('Subject'), body: decodeQuotedPrintable(raw.slice(end)) };
}

/**
 * The newest e-mail the e2e server wrote to `to` with a matching subject. Without SMTP_URL,
 * the server's messages worker writes every e-mail as an .eml file under DATA_DIR/outbox/
 * (every 2 s), so this waits for it; the config shares DATA_DIR as E2E_DATA_DIR.
 */
export async function readMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<WrittenMail> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let found: WrittenMail | undefined;
  await expect
    .poll(
      () => {
        const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
        // Named by the time they were written, so the newest sorts last.
        found = files
          .sort()
          .reverse()
          .map((f) => readEml(path.join(outbox, f)))
          .find((mail) => mail.to.includes(to) && subject.test(mail.subject));
        return Boolean(found);
      },
      { message: `an e-mail to ${to} with a subject like ${subject}`, timeout: timeoutMs },
    )
    .toBe(true);
  return found!;
}

/** Opens the page and waits until the app has taken it over (what is pressed or typed before would be lost). */
export async function openApp(page: Page, path: string): Promise<void> {
  await markHydration(page);
  await page.goto(path);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 15_000 });
}
