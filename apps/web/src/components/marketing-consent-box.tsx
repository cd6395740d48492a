/**
 * The marketing consent box (issue 31): unticked until the shopper ticks it, at checkout, at
 * registration, on /account and on a back-in-stock alert's form. Order e-mails need no consent.
 */
import type { InputHTMLAttributes } from 'react';

export const MARKETING_CONSENT_LABEL = "E-mail me about my cart and items I'm waiting for";

type BoxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { id: string };

export function MarketingConsentBox({ id, className = '', ...input }: BoxProps & { className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-sm">
        <input id={id} type="checkbox" className="mt-0.5 size-4 shrink-0 accent-ink" {...input} />
        <span>{MARKETING_CONSENT_LABEL}</span>
      </label>
      <p className="mt-1 pl-7 text-xs text-muted">
        Only if you tick it. Every such e-mail has a one-click unsubscribe; order e-mails come anyway.
      </p>
    </div>
  );
}
