import { useId, useState } from 'react';
import { filterFaq } from '@vizinhanca/shared/help/faq';
import { SearchXIcon } from '../../../components/ui/icons.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';

/** The FAQ, filtered as one types (accents and case ignored). */
export function FaqSearch() {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const categories = filterFaq(query);

  return (
    <section className="section" aria-labelledby="faq-title">
      <h2 className="section-title" id="faq-title">
        Perguntas frequentes
      </h2>
      <label htmlFor={inputId} className="visually-hidden">
        Buscar nas perguntas frequentes
      </label>
      <SearchInput id={inputId} placeholder="Buscar ajuda..." value={query} onChange={(event) => setQuery(event.target.value)} aria-controls="faq-results" />
      <div id="faq-results" className="help-faq" aria-live="polite">
        {categories.length === 0 ? (
          <EmptyState icon={<SearchXIcon />} title="Nenhuma pergunta encontrada" text="Tente outras palavras ou fale com a portaria." />
        ) : (
          categories.map((category) => (
            <div key={category.id} className="help-category">
              <h3 className="help-category-title">{category.title}</h3>
              {category.items.map((item) => (
                <details key={item.question} className="help-question" open={query.trim() !== ''}>
                  <summary>{item.question}</summary>
                  <p>{item.answer}</p>
                </details>
              ))}
            </div>
          ))
        )}
      </div>
    </section>
  );
}
