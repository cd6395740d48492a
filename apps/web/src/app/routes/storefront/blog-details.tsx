import { useParams } from 'react-router';
import { PostDetails } from '@/features/blog/components/post-details.tsx';

export default function BlogDetailsPage() {
  const { id = '' } = useParams();
  return <PostDetails key={id} id={id} />;
}
