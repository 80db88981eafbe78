import type { ComponentType, ReactNode } from 'react';
import { Card } from './ui/card.tsx';
import { PersonPhoto } from './ui/person-avatar.tsx';

interface PersonCardProps {
  /** Whose card: the user's own profile or a neighbour's page (sizes differ). */
  look: 'profile' | 'neighbour';
  fullName: string;
  avatarUrl: string | null;
  /** The short facts under the name (apartment, phone, member since), each with its icon. */
  facts: { Icon: ComponentType; text: ReactNode }[];
  /** What follows the facts (figures, ratings). */
  children: ReactNode;
}

/** A person at the top of a screen: photo or initials, name, facts, then their figures. */
export function PersonCard({ look, fullName, avatarUrl, facts, children }: PersonCardProps) {
  return (
    <Card className={`${look}-card`}>
      <PersonPhoto fullName={fullName} avatarUrl={avatarUrl} />
      <h2 className={`${look}-name`}>{fullName}</h2>
      <p className={`${look}-meta`}>
        {facts.map(({ Icon, text }, index) => (
          <span key={index}>
            <Icon />
            {text}
          </span>
        ))}
      </p>
      {children}
    </Card>
  );
}
