import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { formatReceiptNumber } from './receipt-number.ts';
import { TillDatabase } from './till-db.ts';

let db: TillDatabase;
afterEach(async () => {
  await db?.delete();
});

describe('receipt numbers', () => {
  it('are the till prefix and a six-digit sequence', () => {
    expect(formatReceiptNumber('T2', 184)).toBe('T2-000184');
    expect(formatReceiptNumber('T12', 1_234_567)).toBe('T12-1234567');
  });

  it('count on from the last one kept on the device, also from a second connection, never twice', async () => {
    db = new TillDatabase('receipts-test');
    await db.setMeta('device', { tillId: 't', prefix: 'T2', deviceToken: 'till_x', name: 'Front' });
    await db.setMeta('sequence', 183);
    const other = new TillDatabase('receipts-test');
    const numbers = await Promise.all([db.nextReceiptNumber(), other.nextReceiptNumber(), db.nextReceiptNumber()]);
    other.close();
    expect(numbers.sort()).toEqual(['T2-000184', 'T2-000185', 'T2-000186']);
    expect(await db.getMeta('sequence')).toBe(186);
  });

  it('are refused on a till not set up', async () => {
    db = new TillDatabase('receipts-unset');
    await expect(db.nextReceiptNumber()).rejects.toThrow('This till is not set up');
  });
});
