import { useQuery } from '@tanstack/react-query';
import { PageHead } from '@/components/seo.tsx';
import { settingsOptions } from '@/lib/api/settings.ts';
import { DEFAULT_SHARE_IMAGE, DEFAULT_SHOP_NAME } from '@/lib/seo.ts';
import { PostList } from '@/features/blog/components/post-list.tsx';

export default function PostsPage() {
  const shopName = useQuery(settingsOptions).data?.storeName ?? DEFAULT_SHOP_NAME;
  return (
    <>
      <PageHead
        title={`The Journal — ${shopName}`}
        name="The Journal"
        description="Stories, style notes and the makers behind what we sell."
        path="/posts"
        image={{ url: DEFAULT_SHARE_IMAGE, alt: `The Journal — ${shopName}` }}
        siteName={shopName}
      />
      <PostList />
    </>
  );
}
