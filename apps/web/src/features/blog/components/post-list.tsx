import { BLOG_EXCERPT_CHARS } from '@shop/shared/constants';
import { postPath } from '@shop/shared/paths';
import { truncate } from '@shop/shared/text';
import { Link } from 'react-router';
import { LoadingState } from '@/components/page-states.tsx';
import { postsOptions } from '@/lib/api/posts.ts';
import { PostImage } from './post-image.tsx';
import { longDate } from '@/lib/dates.ts';
import { useQuery } from '@tanstack/react-query';

/** /posts: a card per post (title, picture, the first 200 characters) linking to the post. */
export function PostList() {
  const posts = useQuery(postsOptions);
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-4 sm:px-6 lg:pt-16">
      <header className="mb-10 max-w-2xl">
        <h1 className="font-display text-4xl sm:text-5xl">The Journal</h1>
        <p className="mt-3 text-muted">Stories, style notes and the makers behind what we sell.</p>
      </header>
      {posts.isPending ? (
        <LoadingState />
      ) : posts.isError ? (
        <p role="alert" className="text-sale">
          The posts could not be loaded. Please try again.
        </p>
      ) : posts.data.length === 0 ? (
        <p className="bg-cream px-6 py-12 text-center text-muted">No posts yet. Come back soon.</p>
      ) : (
        <ul className="grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
          {posts.data.map((post, i) => (
            <li key={post.id}>
              <article className="group">
                <Link to={postPath(post.id)} className="block">
                  <div className="overflow-hidden">
                    <PostImage
                      url={post.imageUrl}
                      sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                      priority={i < 2}
                    />
                  </div>
                  <p className="mt-4 text-xs tracking-[0.14em] text-muted uppercase">
                    <time dateTime={post.createdAt}>{longDate(post.createdAt)}</time>
                  </p>
                  <h2 className="mt-2 font-display text-2xl group-hover:underline">{post.title}</h2>
                </Link>
                <p className="mt-2 text-sm leading-relaxed text-ink/80">{truncate(post.text, BLOG_EXCERPT_CHARS)}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
