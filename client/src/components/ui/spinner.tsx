export function Spinner({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="spinner-block" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
