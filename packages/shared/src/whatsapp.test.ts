import { describe, expect, it } from 'vitest';
import { whatsappLink, whatsappNumber } from './whatsapp.ts';

describe('WhatsApp numbers', () => {
  it('gives a Nigerian number written locally its country code, and keeps one that has it', () => {
    expect(whatsappNumber('0803 123 4567')).toBe('2348031234567');
    expect(whatsappNumber('+234 803-123-4567')).toBe('2348031234567');
    expect(whatsappNumber('+44 7700 900123')).toBe('447700900123');
    expect(whatsappNumber('123')).toBe('');
  });

  it('links to the number with the text typed in', () => {
    expect(whatsappLink(whatsappNumber('08031234567'), 'Your receipt T2-000184')).toBe(
      'https://wa.me/2348031234567?text=Your%20receipt%20T2-000184',
    );
    expect(whatsappLink('', 'x')).toBeNull();
  });
});
