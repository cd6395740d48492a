import { PostList } from '@/features/blog/components/post-list.tsx';

export default function PostsPage() {
  return (
    <>
      <title>The Journal — Adire</title>
      <PostList />
    </>
  );
}
