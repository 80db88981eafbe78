import { SearchInput } from '../../../components/search-input.tsx';

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
      <SearchInput
        id={id}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onClear={() => onChange('')}
      />
    </div>
  );
}
