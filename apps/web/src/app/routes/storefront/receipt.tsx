import { useParams } from 'react-router';
import { ReceiptPage } from '@/features/till-receipt/components/receipt-page.tsx';

/** /r/:saleId: a till sale's public receipt, to print or share. */
export default function ReceiptRoute() {
  return <ReceiptPage saleId={useParams().saleId ?? ''} />;
}
