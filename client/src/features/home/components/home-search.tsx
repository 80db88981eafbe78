import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { SearchInput } from '../../../components/search-input.tsx';

/** Short enough to show whole in a 320 px phone's field; the label says the rest. */
const SEARCH_PLACEHOLDER = 'O que você procura?';

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
    <form role="search" onSubmit={onSubmit}>
      <label htmlFor="home-search" className="visually-hidden">
        Buscar em aluguéis, comidas e serviços
      </label>
      <SearchInput id="home-search" placeholder={SEARCH_PLACEHOLDER} value={text} onChange={(event) => setText(event.target.value)} />
    </form>
  );
}
