import { PostTablePage } from '@/features/admin-posts/components/post-table-page.tsx';

export default function Route() {
  return (
    <>
      <title>Blog Posts · Adire back office</title>
      <PostTablePage />
    </>
  );
}
