import { StarIcon } from './listing-icons.tsx';

/**
 * The lister's rating. Reviews arrive in a later release: until someone has
 * reviews it reads 'Novo', never a made-up 5.0 (decisions.md).
 */
export function OwnerRating({ className }: { className?: string }) {
  return (
    <span className={`owner-rating${className ? ` ${className}` : ''}`}>
      <StarIcon />
      <span className="visually-hidden">Avaliação: </span>
      Novo
    </span>
  );
}
