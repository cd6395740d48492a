import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { LoadingState, NotFoundState } from '@/components/page-states.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { postOptions } from '@/lib/api/posts.ts';
import { PostImage } from './post-image.tsx';
import { longDate } from '@/lib/dates.ts';
import { useQuery } from '@tanstack/react-query';

/** /blogdetails/{id}: date, title, heading, picture and text. */
export function PostDetails({ id }: { id: string }) {
  const post = useQuery(postOptions(id));
  if (post.isPending) return <LoadingState />;
  if (post.isError) {
    return post.error instanceof ApiError && post.error.status === 404 ? (
      <NotFoundState title="Post not found" text="This post does not exist or has been removed." to="/posts" action="All posts" />
    ) : (
      <NotFoundState
        title="Something went wrong"
        text="The post could not be loaded. Please try again."
        to="/posts"
        action="All posts"
      />
    );
  }
  const { title, heading, text, imageUrl, createdAt } = post.data;
  return (
    <article className="mx-auto max-w-3xl px-4 pt-8 pb-4 sm:px-6 lg:pt-12">
      <Link to="/posts" className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink">
        <ArrowLeft aria-hidden size={16} /> The Journal
      </Link>
      <p className="mt-8 text-xs tracking-[0.14em] text-muted uppercase">
        <time dateTime={createdAt}>{longDate(createdAt)}</time>
      </p>
      <h1 className="mt-3 font-display text-4xl leading-tight sm:text-5xl">{title}</h1>
      {heading && <p className="mt-4 text-xl text-muted">{heading}</p>}
      <div className="mt-8">
        <PostImage url={imageUrl} sizes="(min-width: 768px) 768px, 100vw" priority />
      </div>
      <div className="mt-8 space-y-4 text-lg leading-relaxed text-ink/90">
        {text.split(/\n{2,}/).map((paragraph, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order
          <p key={i} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </article>
  );
}
