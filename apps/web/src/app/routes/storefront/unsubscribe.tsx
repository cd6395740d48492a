import { useSearchParams } from 'react-router';
import { PageHead } from '@/components/seo.tsx';
import { UnsubscribePage } from '@/features/account/components/unsubscribe-page.tsx';

/** /unsubscribe?token=…: a marketing e-mail's visible link (issue 31); the button unsubscribes, opening does not. */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHead title="Unsubscribe — Adire" noindex />
      <UnsubscribePage token={params.get('token') ?? ''} />
    </>
  );
}
