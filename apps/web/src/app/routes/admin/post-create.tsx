import { PostCreatePage } from '@/features/admin-posts/components/post-form-page.tsx';

export default function Route() {
  return (
    <>
      <title>Create Post · Adire back office</title>
      <PostCreatePage />
    </>
  );
}
