/**
 * `npm run images:share`: gives every stored image that has none its sharing JPEG (1200 px
 * wide, at most 300 KB: what the catalogue feeds and og:image use, issue 31), made from its
 * largest WebP. Idempotent; `npm start` also runs it in the background, so this is for an
 * owner who wants it done before sharing links (on PGlite, with the shop stopped).
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { createImageService, localDiskStorage, s3Storage } from '../media/index.ts';
import { makeShareRenditions } from '../seo/index.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const storage = config.s3 ? await s3Storage(config.s3) : localDiskStorage(path.join(config.dataDir, 'uploads'));
  const { made, images } = await makeShareRenditions(database.db, createImageService(storage));
  console.log(`Sharing JPEGs: ${made} made, ${images - made} of ${images} images had one already or no file.`);
} finally {
  await database.close();
}
