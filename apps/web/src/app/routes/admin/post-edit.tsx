import { useParams } from 'react-router';
import { PostEditPage } from '@/features/admin-posts/components/post-form-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Edit Post · Adire back office</title>
      <PostEditPage key={id} id={id} />
    </>
  );
}
