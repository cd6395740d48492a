/**
 * Blog posts, each with an optional image. Images are content-hashed, so two posts can
 * share one: an image's files are removed only when no post uses it any more.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Post, PostCreateBody, PostListQuery, PostUpdateBody } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { posts } from '../db/schema/index.ts';
import { notFound } from '../lib/http-error.ts';
import type { ImageService } from '../media/index.ts';
import { isUuid } from '@shop/shared';

type PostRow = typeof posts.$inferSelect;

const POST_NOT_FOUND = 'Post not found';

export function createPostService(db: Db, images: ImageService) {
  function toPost(row: PostRow): Post {
    return {
      id: row.id,
      title: row.title,
      heading: row.heading,
      text: row.text,
      imageUrl: row.image ? images.url(row.image) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Removes an image's files unless a post still uses it. Never fails the request. */
  async function release(image: string | null | undefined): Promise<void> {
    if (!image) return;
    try {
      const [row] = await db.select({ n: count() }).from(posts).where(eq(posts.image, image));
      if ((row?.n ?? 0) === 0) await images.remove(image);
    } catch {
      // A leftover file is harmless; a failed request after a successful write is not.
    }
  }

  return {
    /** Newest first; `total` is the number of posts before paging. */
    async list({ limit, offset }: PostListQuery): Promise<{ items: Post[]; total: number }> {
      const [rows, [totalRow]] = await Promise.all([
        db.select().from(posts).orderBy(desc(posts.createdAt), desc(posts.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(posts),
      ]);
      return { items: rows.map(toPost), total: totalRow?.n ?? 0 };
    },

    async get(id: string): Promise<Post> {
      if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
      const [row] = await db.select().from(posts).where(eq(posts.id, id));
      if (!row) throw notFound(POST_NOT_FOUND);
      return toPost(row);
    },

    /** `image` is an uploaded file; it is checked and stored before the post is written. */
    async create(input: PostCreateBody, image?: Buffer): Promise<Post> {
      const imageId = image ? await images.save(image) : null;
      try {
        const [row] = await db
          .insert(posts)
          .values({ ...input, image: imageId })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return toPost(row);
      } catch (error) {
        await release(imageId);
        throw error;
      }
    },

    /**
     * Changes the given fields. A new `image` replaces the old one; `imageUrl: null`
     * removes it. The replaced image's files are deleted once no post uses them.
     */
    async update(id: string, patch: PostUpdateBody, image?: Buffer): Promise<Post> {
      if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
      const { imageUrl, ...fields } = patch;
      const newImage = image ? await images.save(image) : imageUrl === null ? null : undefined;
      let result: { row: PostRow; oldImage: string | null } | undefined;
      try {
        result = await db.transaction(async (tx) => {
          const [current] = await tx.select({ image: posts.image }).from(posts).where(eq(posts.id, id)).for('update');
          if (!current) return undefined;
          const [row] = await tx
            .update(posts)
            .set({
              ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
              ...(newImage !== undefined && { image: newImage }),
              updatedAt: sql`now()`,
            })
            .where(eq(posts.id, id))
            .returning();
          return row && { row, oldImage: current.image };
        });
      } catch (error) {
        await release(newImage);
        throw error;
      }
      if (!result) {
        await release(newImage);
        throw notFound(POST_NOT_FOUND);
      }
      if (newImage !== undefined && result.oldImage !== newImage) await release(result.oldImage);
      return toPost(result.row);
    },

    async remove(id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
      const [deleted] = await db.delete(posts).where(eq(posts.id, id)).returning({ image: posts.image });
      if (!deleted) throw notFound(POST_NOT_FOUND);
      await release(deleted.image);
    },
  };
}

export type PostService = ReturnType<typeof createPostService>;
