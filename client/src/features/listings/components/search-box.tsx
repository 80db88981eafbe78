import { useEffect, useRef, useState } from 'react';
import { SearchInput } from '../../../components/search-input.tsx';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  id: string;
  /** The search the screen is showing (from the URL). */
  value: string;
  placeholder: string;
  /** Called ~300 ms after the user stops typing, with the trimmed text. */
  onSearch: (text: string) => void;
}

/** The 'Buscar' box: typing is instant, the search waits for a pause. */
export function SearchBox({ id, value, placeholder, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const timer = useRef<number | undefined>(undefined);

  // The URL changed from outside (a link to the bare screen): show what it says.
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function schedule(next: string) {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  }

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        window.clearTimeout(timer.current);
        onSearch(text.trim());
        // Closes the phone keyboard so the results are visible.
        (document.activeElement as HTMLElement | null)?.blur();
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        Buscar
      </label>
      <SearchInput
        id={id}
        raised
        inputMode="search"
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          schedule(event.target.value);
        }}
        onClear={() => {
          setText('');
          window.clearTimeout(timer.current);
          onSearch('');
        }}
      />
    </form>
  );
}
