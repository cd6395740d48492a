import { describe, expect, it } from 'vitest';
import { barcodeKey, barcodeKeys, barcodeKind, barcodeProblem, gs1CheckDigit, hasValidCheckDigit } from './barcode.ts';

describe('barcode check digits', () => {
  it('computes the GS1 check digit of EAN-13 and UPC-A', () => {
    expect(gs1CheckDigit('590123412345')).toBe(7); // EAN-13 5901234123457
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
  });

  it('accepts codes with the right check digit and refuses one digit off', () => {
    expect(hasValidCheckDigit('5901234123457')).toBe(true);
    expect(hasValidCheckDigit('036000291452')).toBe(true);
    expect(hasValidCheckDigit('5901234123458')).toBe(false);
    expect(hasValidCheckDigit('036000291453')).toBe(false);
    expect(hasValidCheckDigit('12345678')).toBe(false);
  });

  it('names the symbology a code is printed in', () => {
    expect(barcodeKind('5901234123457')).toBe('ean13');
    expect(barcodeKind('036000291452')).toBe('upca');
    expect(barcodeKind('ADIRE-RED-M')).toBe('code128');
    // 13 digits with a wrong check digit are not an EAN-13 (and are refused when saved).
    expect(barcodeKind('5901234123458')).toBe('code128');
  });

  it('says why a barcode cannot be saved, the right check digit included', () => {
    expect(barcodeProblem('5901234123457')).toBeNull();
    expect(barcodeProblem('ADIRE-RED-M')).toBeNull();
    expect(barcodeProblem('5901234123458')).toBe('5901234123458 is not a valid EAN-13: its check digit should be 7');
    expect(barcodeProblem('036000291450')).toBe('036000291450 is not a valid UPC-A: its check digit should be 2');
    expect(barcodeProblem(' 123')).toMatch(/spaces/);
    expect(barcodeProblem('')).toMatch(/empty/);
    expect(barcodeProblem('ćode')).toMatch(/scanner can type/);
    expect(barcodeProblem('x'.repeat(65))).toMatch(/64/);
  });

  it('matches a UPC-A and its EAN-13 spelling, case-insensitively', () => {
    expect(barcodeKeys('036000291452')).toEqual(['036000291452', '0036000291452']);
    expect(barcodeKeys('0036000291452')).toEqual(['0036000291452', '036000291452']);
    expect(barcodeKeys(' Adire-Red-M ')).toEqual(['adire-red-m']);
  });

  it('keys a UPC-A and its EAN-13 spelling as one barcode, case-insensitively, as the unique index does', () => {
    expect(barcodeKey('036000291452')).toBe(barcodeKey('0036000291452'));
    expect(barcodeKey('0036000291452')).toBe('0036000291452');
    expect(barcodeKey('4006381333931')).toBe('4006381333931');
    expect(barcodeKey('Shelf-77')).toBe(barcodeKey('SHELF-77'));
    expect(barcodeKey('12345678901')).toBe('12345678901');
  });
});
