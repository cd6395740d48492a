import { formatNaira, nairaToKobo } from '@shop/shared/money';

/** The API shows money as naira numbers; people see "₦12,500.00". */
export function naira(amount: number): string {
  return formatNaira(nairaToKobo(amount));
}

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '';
}

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : '';
}

const timeFormat = new Intl.DateTimeFormat('en-NG', { hour: '2-digit', minute: '2-digit' });

export function formatTime(iso: string | null | undefined): string {
  return iso ? timeFormat.format(new Date(iso)) : '';
}
