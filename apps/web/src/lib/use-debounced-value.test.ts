import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@shop/shared/constants';
import { useDebouncedValue } from './use-debounced-value.ts';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for a 300 ms pause before passing the latest value on', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, SEARCH_DEBOUNCE_MS), {
      initialProps: { value: '' },
    });
    rerender({ value: 'a' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'ad' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ad');
  });
});
