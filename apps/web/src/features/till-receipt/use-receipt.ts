/**
 * The public receipt page's state: the receipt (GET /api/pos/receipts/{saleId}, no sign-in),
 * the paper it prints on (?paper=58|80|a4, 80 mm unless said: the till's usual printer) and
 * its print CSS, and where to share it (the page's address; a WhatsApp number typed in).
 */
import { whatsappLink, whatsappNumber } from '@shop/shared/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageUrl } from '@/components/share-links.tsx';
import { receiptOptions } from '@/lib/api/tills.ts';

export const PAPERS = {
  '58': { label: '58 mm', width: '58mm', css: '@page { size: 58mm auto; margin: 0; }' },
  '80': { label: '80 mm', width: '80mm', css: '@page { size: 80mm auto; margin: 0; }' },
  a4: { label: 'A4', width: '180mm', css: '@page { size: A4; margin: 15mm; }' },
} as const;
export type Paper = keyof typeof PAPERS;

const isPaper = (value: string | null): value is Paper => value !== null && value in PAPERS;

export function useReceipt(saleId: string) {
  const receipt = useQuery(receiptOptions(saleId));
  const [params, setParams] = useSearchParams();
  const paramPaper = params.get('paper');
  const paper: Paper = isPaper(paramPaper) ? paramPaper : '80';
  const url = usePageUrl(`/r/${saleId}`);
  const [phone, setPhone] = useState('');
  const text = receipt.data ? `Your receipt ${receipt.data.receiptNumber} from ${receipt.data.storeName}: ${url ?? ''}` : '';
  const whatsapp = url && whatsappNumber(phone) ? whatsappLink(whatsappNumber(phone), text) : null;

  return {
    receipt,
    paper,
    setPaper: (next: Paper) => setParams({ paper: next }, { replace: true }),
    url,
    phone,
    setPhone,
    whatsapp,
  };
}
