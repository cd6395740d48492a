/**
 * Barcodes of the till (issue 29), in one place for the API (a variant's `barcode`, checked
 * when it is saved or imported), the back office (the variants editor, shelf labels) and the
 * till (what a scanner reads). A variant's barcode is free text (a supplier's Code 128, a
 * shop's own code), except that a code of 12 or 13 digits is taken for a UPC-A or an EAN-13
 * and must carry its right check digit: one mistyped digit on a printed label is then refused
 * when it is saved, not found at the till. A variant without a barcode is labelled and scanned
 * by the Code 128 of its SKU.
 *
 * A UPC-A is an EAN-13 whose first digit is 0, and scanners (and the camera's decoder) report
 * the same label as either, so the till matches a scanned code by `barcodeKeys`, both spellings.
 */

/** The GS1 check digit of the digits before it (EAN-13, UPC-A, EAN-8: weights 3 and 1 from the right). */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `code` is 12 (UPC-A) or 13 (EAN-13) digits ending with the right check digit. */
export function hasValidCheckDigit(code: string): boolean {
  if (!/^\d{12,13}$/.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** The symbology a code is printed in: EAN-13 or UPC-A when it is one, otherwise Code 128. */
export type BarcodeKind = 'ean13' | 'upca' | 'code128';

export function barcodeKind(code: string): BarcodeKind {
  if (hasValidCheckDigit(code)) return code.length === 13 ? 'ean13' : 'upca';
  return 'code128';
}

/**
 * Why a barcode cannot be saved, or null when it can: text a scanner can send (printable
 * ASCII, no spaces at the ends, at most 64 characters), and the right check digit on a code
 * of 12 or 13 digits.
 */
export function barcodeProblem(code: string): string | null {
  if (code.trim() === '') return 'Barcode is empty';
  if (code !== code.trim()) return 'Barcode has spaces at the start or end';
  if (code.length > 64) return 'Barcode is longer than 64 characters';
  if (!/^[\x21-\x7e ]+$/.test(code)) return 'Barcode may only contain letters, digits and symbols a scanner can type';
  if (/^\d{12,13}$/.test(code) && !hasValidCheckDigit(code)) {
    const kind = code.length === 13 ? 'EAN-13' : 'UPC-A';
    return `${code} is not a valid ${kind}: its check digit should be ${gs1CheckDigit(code.slice(0, -1))}`;
  }
  return null;
}

/**
 * The spellings a scanned code may be stored under, lower-cased as barcodes are unique: a
 * UPC-A and the EAN-13 with a leading 0 are one label.
 */
export function barcodeKeys(code: string): string[] {
  const key = code.trim().toLowerCase();
  if (/^\d{12}$/.test(key)) return [key, `0${key}`];
  if (/^0\d{12}$/.test(key)) return [key, key.slice(1)];
  return [key];
}

/**
 * The one key a barcode is unique by (the API's unique index computes the same): lower-cased,
 * and a UPC-A as its EAN-13, so a variant cannot take the other spelling of another's label.
 * The barcode itself is kept as it was typed.
 */
export function barcodeKey(code: string): string {
  const key = code.trim().toLowerCase();
  return /^\d{12}$/.test(key) ? `0${key}` : key;
}
