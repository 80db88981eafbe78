import type { InputHTMLAttributes } from 'react';
import { SEARCH_MAX_LENGTH } from '@vizinhanca/shared/listings/listing.constants';
import { keepTypedBeforeHydration } from '../lib/typed-before-hydration.ts';
import { SearchIcon, XIcon } from './ui/icons.tsx';

interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'className'> {
  id: string;
  value: string;
  /** The browse screens' box: rounder, with a shadow, floating on the page. */
  raised?: boolean;
  /** Shows the 'Limpar busca' button while there is text. */
  onClear?: () => void;
}

/** The search field of every screen: the magnifier, the input and, where asked, a clear button. The label stays with the caller. */
export function SearchInput({ raised = false, onClear, value, ...inputProps }: SearchInputProps) {
  const classes = ['search-input', raised ? 'search-input-raised' : '', onClear ? 'search-input-clearable' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <SearchIcon className="search-input-icon" />
      {/* The ref hands over what was typed on the server's markup before the app ran (home and the lists are drawn by the server). */}
      <input
        ref={keepTypedBeforeHydration}
        className="input search-input-field"
        type="search"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH}
        value={value}
        {...inputProps}
      />
      {onClear && value ? (
        <button type="button" className="search-input-clear" aria-label="Limpar busca" onClick={onClear}>
          <XIcon />
        </button>
      ) : null}
    </div>
  );
}
