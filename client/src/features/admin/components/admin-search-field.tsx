import { SEARCH_MAX_LENGTH } from '@vizinhanca/shared/listings/listing.schema';
import { XIcon } from '../../../components/ui/icons.tsx';
import { SearchIcon } from '../../../components/ui/icons.tsx';

interface AdminSearchFieldProps {
  id: string;
  label: string;
  placeholder: string;
  /** Under a heading that already says what is searched: the label is for screen readers only. */
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
}

/** A search input with a visible label (the list below follows it after a short pause). */
export function AdminSearchField({ id, label, placeholder, hideLabel = false, value, onChange }: AdminSearchFieldProps) {
  return (
    <div className="field">
      <label className={hideLabel ? 'visually-hidden' : 'field-label'} htmlFor={id}>
        {label}
      </label>
      <div className="admin-search">
        <SearchIcon className="admin-search-icon" />
        <input
          id={id}
          className="input admin-search-input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={placeholder}
          maxLength={SEARCH_MAX_LENGTH}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {value ? (
          <button type="button" className="admin-search-clear" aria-label="Limpar busca" onClick={() => onChange('')}>
            <XIcon />
          </button>
        ) : null}
      </div>
    </div>
  );
}
