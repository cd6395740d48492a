import { useParams } from 'react-router';
import { PageHead } from '@/components/seo.tsx';
import { Invoice } from '@/features/account/components/invoice.tsx';

/** /orders/:id/invoice: a paid order's invoice, to print. */
export default function InvoicePage() {
  return (
    <>
      <PageHead noindex />
      <Invoice id={useParams().id ?? ''} />
    </>
  );
}
