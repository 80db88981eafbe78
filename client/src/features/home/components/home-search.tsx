import { useNavigate } from '@tanstack/react-router';
import { SEARCH_MAX_LENGTH } from '@vizinhanca/shared/listings/listing.schema';
import { useState, type FormEvent } from 'react';
import { SearchIcon } from '../../../components/ui/icons.tsx';

/** Home: one search across rentals, food and services; the results open on /busca. */
export function HomeSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const busca = text.trim();
    void navigate({ to: '/busca', search: busca ? { busca } : {} });
  }

  return (
    <form role="search" className="home-search" onSubmit={onSubmit}>
      <label htmlFor="home-search" className="visually-hidden">
        Buscar em aluguéis, comidas e serviços
      </label>
      <SearchIcon className="home-search-icon" />
      <input
        id="home-search"
        className="input home-search-input"
        type="search"
        enterKeyHint="search"
        placeholder="Buscar em aluguéis, comidas e serviços"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
