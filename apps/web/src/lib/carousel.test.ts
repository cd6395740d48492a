import { describe, expect, it } from 'vitest';
import { nextStart, previousStart, visibleSlice } from './carousel.ts';

describe('carousel paging', () => {
  it('moves forward by the page size and wraps to the start when no more items remain', () => {
    expect(nextStart(0, 10, 3)).toBe(3);
    expect(nextStart(6, 10, 3)).toBe(9);
    expect(nextStart(9, 10, 3)).toBe(0);
    expect(nextStart(3, 6, 3)).toBe(0);
  });

  it('moves back by the page size and wraps to the last 3 below 0', () => {
    expect(previousStart(6, 10, 3)).toBe(3);
    expect(previousStart(0, 10, 3)).toBe(7);
    expect(previousStart(2, 10, 3)).toBe(7);
    expect(visibleSlice([...'abcdefghij'], previousStart(0, 10, 3), 3)).toEqual(['h', 'i', 'j']);
  });

  it('stays at 0 when everything fits on one page', () => {
    expect(nextStart(0, 2, 3)).toBe(0);
    expect(previousStart(0, 2, 3)).toBe(0);
  });

  it('moves one at a time with a page size of 1', () => {
    expect(nextStart(0, 3, 1)).toBe(1);
    expect(nextStart(2, 3, 1)).toBe(0);
    expect(previousStart(0, 3, 1)).toBe(2);
  });
});
