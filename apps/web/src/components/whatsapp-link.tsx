/**
 * A link that opens a WhatsApp chat with the shop, the shopper's message already typed
 * (wa.me, so it works in the app on a phone and in WhatsApp Web on a computer). Nothing
 * when the shop has no WhatsApp number.
 */
import { whatsappLink } from '@shop/shared/whatsapp';
import { MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';

interface WhatsAppLinkProps {
  /** The shop's number as the settings hold it ('' or missing: no link). */
  number: string | undefined;
  /** The message typed in for the shopper. */
  text: string;
  children: ReactNode;
  className?: string;
}

export function WhatsAppLink({ number, text, children, className = '' }: WhatsAppLinkProps) {
  const href = number ? whatsappLink(number, text) : null;
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      <MessageCircle aria-hidden size={18} />
      {children} <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
