import type { ListingFilter } from '@vizinhanca/shared/listings/listing.schema';

interface FilterChipsProps {
  chips: readonly { filter: ListingFilter; label: string }[];
  value: ListingFilter;
  onChange: (filter: ListingFilter) => void;
}

/** Toggle buttons (aria-pressed): one chip on at a time; pressing it again goes back to 'Todos'. */
export function FilterChips({ chips, value, onChange }: FilterChipsProps) {
  return (
    <div className="chips" role="group" aria-label="Filtros">
      {chips.map((chip) => {
        const pressed = chip.filter === value;
        return (
          <button
            key={chip.filter}
            type="button"
            className={`chip${pressed ? ' chip-on' : ''}`}
            aria-pressed={pressed}
            onClick={() => onChange(pressed && chip.filter !== 'all' ? 'all' : chip.filter)}
          >
            {chip.label}
          </button>
        );
      })}
    </div>
  );
}
