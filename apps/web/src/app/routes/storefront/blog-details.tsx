import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { JsonLd, PageHead } from '@/components/seo.tsx';
import { postOptions } from '@/lib/api/posts.ts';
import { settingsOptions } from '@/lib/api/settings.ts';
import { blogPostingJsonLd, DEFAULT_SHOP_NAME, postPage } from '@/lib/seo.ts';
import { PostDetails } from '@/features/blog/components/post-details.tsx';

export default function BlogDetailsPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PostDetails key={id} id={id} />
      <PostHead id={id} />
    </>
  );
}

/** The post's title, its excerpt as description, shared-link tags and its BlogPosting. */
function PostHead({ id }: { id: string }) {
  const post = useQuery(postOptions(id));
  const shopName = useQuery(settingsOptions).data?.storeName ?? DEFAULT_SHOP_NAME;
  if (post.isError) return <PageHead title={`Post not found | ${shopName}`} noindex />;
  if (!post.data) return null;
  return (
    <>
      <PageHead {...postPage(post.data, shopName)} />
      <JsonLd data={blogPostingJsonLd(post.data, shopName)} />
    </>
  );
}
