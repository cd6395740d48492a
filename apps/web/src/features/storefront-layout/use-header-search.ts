/**
 * The header search's state: the text typed, the suggestions for it after a pause in typing,
 * whether the list is open and which option is chosen (aria-activedescendant), and what the
 * keys, a submit and a change of page do. header-search.tsx draws it.
 */
import { SEARCH_DEBOUNCE_MS } from '@shop/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { suggestOptions } from '@/lib/api/search.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { searchHref } from './search-links.ts';
import { escapeStep, groupsOf, movedChoice } from './search-suggestions.ts';

export function useHeaderSearch(onClose: () => void) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  // What opened the search (the header's search button): focus goes back there when it closes.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const suggestions = useQuery(suggestOptions(debounced));
  const data = typed && debounced ? suggestions.data : undefined;
  const groups = typed ? groupsOf(data, text) : [];
  const options = groups.flatMap((g) => g.options);
  const open = expanded && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => input.current?.focus(), []);

  // A new answer is a new list: nothing in it is chosen yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the answer changes
  useEffect(() => setActive(-1), [data]);

  // Another page (a link elsewhere, back or forward) closes the search.
  const firstPage = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstPage.current) onClose();
  }, [location.key, onClose]);

  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const collapse = () => {
    setExpanded(false);
    setActive(-1);
  };

  const close = () => {
    onClose();
    if (opener?.isConnected) opener.focus();
  };

  const go = (href: string) => {
    navigate(href);
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (options.length === 0) return;
        const key = event.key;
        setExpanded(true);
        setActive((i) => movedChoice(key, i, options.length, open));
        return;
      }
      case 'Enter': {
        const option = open && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          go(option.href);
        }
        // Otherwise the form is sent: the search page for the text.
        return;
      }
      case 'Escape': {
        event.preventDefault();
        const step = escapeStep(open, text);
        if (step === 'collapse') collapse();
        else if (step === 'clear') setText('');
        else close();
        return;
      }
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (typed) go(searchHref(typed));
  };

  const onType = (value: string) => {
    setText(value);
    setExpanded(true);
    setActive(-1);
  };

  return {
    id,
    input,
    opener,
    text,
    data,
    groups,
    options,
    open,
    active,
    optionId,
    expand: () => setExpanded(true),
    collapse,
    close,
    go,
    onKeyDown,
    onSubmit,
    onType,
  };
}
