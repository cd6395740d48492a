// The home page's hero photos in AVIF, beside their WebP (decision 0006): the first slide's
// photo is the page's main image, and AVIF carries it in 40 % fewer bytes (hero-adire at
// 800 px: 39.2 kB WebP, 24.1 kB AVIF). The WebP stay for browsers without AVIF and for lite
// mode. Run after changing a hero's WebP: `node scripts/hero-avif.mjs` (sharp, the API's own
// image library). A repository test fails when a hero lacks its AVIF.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** AVIF quality 50: the finest texture (the jewellery slide's scales) still shows; at 45 it smoothed away. */
const QUALITY = 50;
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/img');

for (const file of readdirSync(dir).filter((name) => /^hero-.+\.webp$/.test(name))) {
  const target = path.join(dir, file.replace(/\.webp$/, '.avif'));
  const { size } = await sharp(path.join(dir, file)).avif({ quality: QUALITY, effort: 6 }).toFile(target);
  console.log(`${path.basename(target)}: ${(size / 1000).toFixed(1)} kB`);
}
