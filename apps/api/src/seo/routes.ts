/**
 * /robots.txt and the sitemap (/sitemap.xml, and /sitemap-<n>.xml once it is split), at the
 * site's root where crawlers look for them. Both go through the read cache like the API's
 * answers (ETag, 304, compressed once); the sitemap is keyed on the catalogue and content
 * versions, so a product added or deleted is in, or out of, the next one served. A numbered
 * file past the last is a 404 from the count of files, made once per version.
 *
 * The catalogue feeds (/feeds/google.xml, /feeds/meta.csv; feeds.ts) too, keyed on the same
 * versions (the shop's name is a setting), so a price or stock change is in the next fetch.
 * With FEED_TOKEN set they answer only `?token=` it, and 404 otherwise, as if there were no
 * feed: the token is checked before the cache and is not part of its key.
 */
import type { FastifyPluginAsync } from 'fastify';
import { catalogueFeedsResponse, errorResponse, MESSAGES } from '@shop/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../lib/http-error.ts';
import { sameSecret } from '../lib/local-request.ts';
import { getSettings } from '../content/index.ts';
import { robotsTxt } from './crawl-rules.ts';
import { type FeedItem, feedItems, GOOGLE_FEED_TYPE, googleFeed, META_FEED_TYPE, metaFeed } from './feeds.ts';
import { createSitemapService, SITEMAP_MAX_URLS, SITEMAP_TYPE } from './sitemap-service.ts';

export interface SeoRoutesOptions {
  /** URLs per sitemap file before it is split (the protocol's 50,000; tests use a few). */
  maxUrls?: number;
}

const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { maxUrls = SITEMAP_MAX_URLS }) => {
  const sitemaps = createSitemapService(app.db, app.config.publicUrl, maxUrls);
  const robots = robotsTxt(app.config.publicUrl);

  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    app.readCache.serve(request, reply, [], async () => ({ text: robots, type: 'text/plain; charset=utf-8' })),
  );

  /**
   * The number of sitemap files (what /sitemap.xml's index lists), counted once per catalogue
   * and content version, which the read cache has just checked: a file past the last is a 404
   * from it, without reading a product. Not kept when the count fails (the database away).
   */
  let counted: { versions: string; files: Promise<number> } | undefined;
  function filesAt(versions: ReadonlyMap<string, number>): Promise<number> {
    const key = `${versions.get('catalog')}.${versions.get('content')}`;
    if (counted?.versions !== key) {
      const files = sitemaps.files();
      counted = { versions: key, files };
      files.catch(() => {
        if (counted?.files === files) counted = undefined;
      });
    }
    return counted.files;
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) =>
    app.readCache.serve(request, reply, ['catalog', 'content'], async (versions) => ({
      text: await sitemaps.sitemap(await filesAt(versions)),
      type: SITEMAP_TYPE,
    })),
  );

  /** The feeds' items, made once per catalogue and content version for both feeds. */
  let made: { versions: string; items: Promise<{ items: FeedItem[]; shopName: string }> } | undefined;
  function itemsAt(versions: ReadonlyMap<string, number>) {
    const key = `${versions.get('catalog')}.${versions.get('content')}`;
    if (made?.versions !== key) {
      const items = (async () => {
        const { storeName: shopName } = await getSettings(app.db);
        const options = { publicUrl: app.config.publicUrl, shopName, shareUrl: (id: string) => app.images.shareUrl(id) };
        return { items: await feedItems(app.db, options), shopName };
      })();
      made = { versions: key, items };
      items.catch(() => {
        if (made?.items === items) made = undefined;
      });
    }
    return made.items;
  }

  /**
   * A feed's route: with FEED_TOKEN set, a request without it, or with another (or two), finds
   * no feed. Checked before the cache, whose key is the path alone.
   */
  function feedRoute(url: string, type: string, write: (made: Awaited<ReturnType<typeof itemsAt>>) => string) {
    app.get(url, { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
      const expected = app.config.feedToken;
      const { token } = request.query as Record<string, unknown>;
      if (expected !== undefined && (typeof token !== 'string' || !sameSecret(token, expected))) {
        throw notFound(MESSAGES.notFound);
      }
      return app.readCache.serve(
        request,
        reply,
        ['catalog', 'content'],
        async (versions) => ({ text: write(await itemsAt(versions)), type }),
        url,
      );
    });
  }
  feedRoute('/feeds/google.xml', GOOGLE_FEED_TYPE, ({ items, shopName }) =>
    googleFeed(items, { publicUrl: app.config.publicUrl, shopName }),
  );
  feedRoute('/feeds/meta.csv', META_FEED_TYPE, ({ items }) => metaFeed(items));

  app.withTypeProvider<ZodTypeProvider>().get('/api/feeds', {
    config: { access: 'settings.write' },
    schema: {
      tags: ['catalog'],
      security: [{ bearerAuth: [] }],
      summary:
        "The catalogue feeds' URLs to give Google Merchant Center and Meta Commerce Manager, with FEED_TOKEN's token when it is set",
      response: { 200: catalogueFeedsResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (_request, reply) => {
      const token = app.config.feedToken;
      const url = (path: string) => `${app.config.publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
      // A secret inside: kept by no cache.
      reply.header('Cache-Control', 'no-store');
      return { google: url('/feeds/google.xml'), meta: url('/feeds/meta.csv'), tokenRequired: token !== undefined };
    },
  });

  app.get<{ Params: { n: string } }>('/sitemap-:n.xml', { schema: { hide: true } }, (request, reply) =>
    app.readCache.serve(request, reply, ['catalog', 'content'], async (versions) => {
      const n = /^[1-9]\d{0,5}$/.test(request.params.n) ? Number(request.params.n) : 0;
      const file = n > 0 && n <= (await filesAt(versions)) ? await sitemaps.file(n) : undefined;
      // Thrown, so not cached: the catalogue may grow into it (and its count is kept above).
      if (file === undefined) throw notFound(MESSAGES.notFound);
      return { text: file, type: SITEMAP_TYPE };
    }),
  );
};

export default seoRoutes;
