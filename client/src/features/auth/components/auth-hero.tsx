import { BrandMark } from '../../../components/ui/icons.tsx';

/** The green top of the sign-in and password screens; the name is the page's h1 only where no other heading is. */
export function AuthHero({ nameIsHeading = false }: { nameIsHeading?: boolean }) {
  const Name = nameIsHeading ? 'h1' : 'p';
  return (
    <header className="auth-hero">
      <div className="brand-badge" aria-hidden="true">
        <BrandMark />
      </div>
      <Name className="brand-title">Vizinhança</Name>
      <p className="brand-tagline">Conectando moradores para compartilhar recursos</p>
    </header>
  );
}
