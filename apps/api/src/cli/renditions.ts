/**
 * `npm run images:renditions`: gives every stored image the renditions added since it was
 * stored, made from its largest WebP: the sharing JPEG (1200 px wide, at most 300 KB: what the
 * catalogue feeds and og:image use, issue 31) and the 480 px WebP (decision 0006). Idempotent;
 * `npm start` also runs it in the background, so this is for an owner who wants it done before
 * the new version serves pages, or before sharing links (on PGlite, with the shop stopped).
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { createImageService, localDiskStorage, s3Storage } from '../media/index.ts';
import { makeMissingRenditions } from '../seo/index.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const storage = config.s3 ? await s3Storage(config.s3) : localDiskStorage(path.join(config.dataDir, 'uploads'));
  const { made, images } = await makeMissingRenditions(database.db, createImageService(storage));
  console.log(`Renditions: made for ${made} images; ${images - made} of ${images} had them all already, or no file.`);
} finally {
  await database.close();
}
