/**
 * Carousel paging, as the spec has it: arrows move by a page (3 items); next wraps to the
 * start once no more items remain; previous wraps to the last page when it would go below 0.
 */

export function nextStart(start: number, total: number, pageSize: number): number {
  return start + pageSize >= total ? 0 : start + pageSize;
}

export function previousStart(start: number, total: number, pageSize: number): number {
  return start - pageSize < 0 ? Math.max(0, total - pageSize) : start - pageSize;
}

export function visibleSlice<T>(items: readonly T[], start: number, pageSize: number): T[] {
  return items.slice(start, start + pageSize);
}
