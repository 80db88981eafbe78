export type CounterTone = 'total' | 'pending' | 'approved' | 'active' | 'finished';

interface Counter {
  label: string;
  value: number | null;
  tone: CounterTone;
}

/** The four counters above the tabs (docs/product.md §10.13, §10.15). */
export function OrderCounters({ label, counters }: { label: string; counters: readonly Counter[] }) {
  return (
    <dl className="counter-figures orders-counters" aria-label={label}>
      {counters.map((counter) => (
        <div key={counter.label} className={`orders-counter orders-counter-${counter.tone}`}>
          <dt>{counter.label}</dt>
          <dd>{counter.value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
