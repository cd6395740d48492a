/**
 * The state of an admin table (page, page size, search and filters) kept in the URL's
 * query string, so a filtered page can be shared, reloaded and left with the back button.
 * Changing a filter or the page size goes back to the first page.
 */
import { useCallback, useContext, useMemo, useRef } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigation, useSearchParams } from 'react-router';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface TableParams<K extends string> {
  page: number;
  pageSize: number;
  /** Rows to skip: (page − 1) × pageSize. */
  offset: number;
  filters: Record<K, string>;
  setFilters(patch: Partial<Record<K, string>>): void;
  setPage(page: number): void;
  setPageSize(size: number): void;
}

export function useTableParams<K extends string>(keys: readonly K[], defaults: Partial<Record<K, string>> = {}): TableParams<K> {
  const [searchParams, setSearchParams] = useSearchParams();
  const keyList = keys.join('|');
  const defaultsKey = JSON.stringify(defaults);

  // The router's functional updates all start from the same committed URL, and a navigation
  // started before the last one landed replaces it, so two changes close together (say two
  // debounced inputs) would lose one. Each change builds on the last one written; the URL
  // the router commits resets that only when it is not one of ours (the back button, a link).
  const latest = useRef(searchParams);
  const written = useRef(new Set<string>());
  const seen = useRef(searchParams);
  if (seen.current !== searchParams) {
    seen.current = searchParams;
    const committed = searchParams.toString();
    if (!written.current.has(committed) || committed === latest.current.toString()) {
      latest.current = searchParams;
      written.current.clear();
    }
  }
  // While the admin is on the way to another page (its code still loading), this page is
  // still mounted: a late write (a debounced search) would replace that navigation and
  // bring the admin back here. The page being left has nothing more to say. The router's own
  // state says so from the click on: the rendered navigation state only once React has
  // rendered it (a transition), and a search typed just before the click lands in between.
  // Once the router got there it no longer navigates, but React may still render this page
  // (the search's update comes before the router's transition): then the router's location
  // is the next page's, and a write would land in the next page's URL.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = useRef<() => boolean>(() => false);
  leaving.current = () => {
    const target = (router?.state.navigation ?? navigation).location ?? router?.state.location;
    return target !== undefined && target.pathname !== pathname;
  };
  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace: boolean) => {
      if (leaving.current()) return;
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next;
      written.current.add(next.toString());
      setSearchParams(next, { replace });
    },
    [setSearchParams],
  );

  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const requestedSize = Number.parseInt(searchParams.get('size') ?? '', 10);
  const pageSize = (PAGE_SIZES as readonly number[]).includes(requestedSize) ? requestedSize : DEFAULT_PAGE_SIZE;

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyList and defaultsKey stand for keys and defaults
  const filters = useMemo(
    () => Object.fromEntries(keys.map((k) => [k, searchParams.get(k) ?? defaults[k] ?? ''])) as Record<K, string>,
    [searchParams, keyList, defaultsKey],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: defaultsKey stands for defaults
  const setFilters = useCallback(
    (patch: Partial<Record<K, string>>) =>
      update((next) => {
        for (const [key, value] of Object.entries(patch) as [K, string | undefined][]) {
          if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
          else next.set(key, value);
        }
        next.delete('page');
      }, true),
    [update, defaultsKey],
  );

  const setPage = useCallback(
    (p: number) =>
      update((next) => {
        if (p <= 1) next.delete('page');
        else next.set('page', String(p));
      }, false),
    [update],
  );

  const setPageSize = useCallback(
    (size: number) =>
      update((next) => {
        if (size === DEFAULT_PAGE_SIZE) next.delete('size');
        else next.set('size', String(size));
        next.delete('page');
      }, true),
    [update],
  );

  return { page, pageSize, offset: (page - 1) * pageSize, filters, setFilters, setPage, setPageSize };
}
