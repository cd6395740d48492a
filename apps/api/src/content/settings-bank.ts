/**
 * The bank account shoppers pay transfers to: the settings that make it, and how it is shown
 * where it must not be read whole (the Owners' e-mail, the audit trail): "******5678".
 */
import type { StoreSettings } from '@shop/shared';

export const BANK_SETTINGS = ['bankName', 'bankAccountName', 'bankAccountNumber'] as const;
type BankSetting = (typeof BANK_SETTINGS)[number];

export const isBankSetting = (key: string): key is BankSetting => (BANK_SETTINGS as readonly string[]).includes(key);

/** All but the last four digits hidden. */
export const maskAccountNumber = (number: string) => number.replace(/.(?=.{4})/g, '*');

/** A settings value as the audit trail keeps it: the account number masked. */
export const auditedValue = (key: keyof StoreSettings, value: unknown) =>
  key === 'bankAccountNumber' && typeof value === 'string' ? maskAccountNumber(value) : value;

/** The account as the Owners' e-mail shows it. */
export const bankFacts = (settings: Pick<StoreSettings, BankSetting>) => ({
  bankName: settings.bankName,
  accountName: settings.bankAccountName,
  accountNumber: maskAccountNumber(settings.bankAccountNumber),
});
