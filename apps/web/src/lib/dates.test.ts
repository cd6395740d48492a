import { SHOP_TIME_ZONE } from '@shop/shared/constants';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** 23:30 UTC on New Year's Eve: already 00:30 on 1 January in Lagos (UTC+1). */
const NEW_YEAR_IN_LAGOS = '2024-12-31T23:30:00.000Z';

/** The server renders in UTC; browsers and admins' laptops are anywhere. */
const MACHINE_ZONES = ['UTC', 'America/Los_Angeles', 'Europe/London', 'Asia/Tokyo', 'Pacific/Kiritimati'];

const machineZone = process.env.TZ;
afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

/** dates.ts as a machine in `zone` loads it (Node follows TZ when it changes). */
async function datesIn(zone: string) {
  process.env.TZ = zone;
  vi.resetModules();
  return import('./dates.ts');
}

describe('dates for people (lib/dates.ts)', () => {
  it('is set to the shop’s time zone, Lagos', () => {
    expect(SHOP_TIME_ZONE).toBe('Africa/Lagos');
  });

  it.each(MACHINE_ZONES)('shows a date in Lagos time on a machine in %s', async (zone) => {
    const { dateTime, longDate, shortDate, time } = await datesIn(zone);
    // The machine's own zone is really in force (its day differs from Lagos' in most of these).
    const local = new Date(NEW_YEAR_IN_LAGOS);
    expect(local.getTimezoneOffset()).toBe(
      { UTC: 0, 'Europe/London': 0, 'America/Los_Angeles': 480, 'Asia/Tokyo': -540, 'Pacific/Kiritimati': -840 }[zone],
    );

    // Storefront (reviews, blog) and back office (tables, orders, receipts) alike: the next day, 00:30.
    expect(longDate(NEW_YEAR_IN_LAGOS)).toBe('1 January 2025');
    expect(shortDate(NEW_YEAR_IN_LAGOS)).toBe('1 Jan 2025');
    expect(dateTime(NEW_YEAR_IN_LAGOS)).toBe('1 Jan 2025, 00:30');
    expect(time(NEW_YEAR_IN_LAGOS)).toBe('00:30');
  });

  it('keeps the day of a time late in the Lagos evening on a machine ahead of Lagos', async () => {
    const { dateTime, shortDate } = await datesIn('Pacific/Kiritimati');
    // 21:00 in Lagos is already the next morning on the machine.
    expect(new Date('2025-03-14T20:00:00.000Z').getDate()).toBe(15);
    expect(shortDate('2025-03-14T20:00:00.000Z')).toBe('14 Mar 2025');
    expect(dateTime('2025-03-14T20:00:00.000Z')).toBe('14 Mar 2025, 21:00');
  });

  it('shows nothing for a missing date', async () => {
    const { dateTime, longDate, shortDate, time } = await datesIn('UTC');
    for (const format of [dateTime, longDate, shortDate, time]) {
      expect(format(null)).toBe('');
      expect(format(undefined)).toBe('');
      expect(format('')).toBe('');
    }
  });
});
