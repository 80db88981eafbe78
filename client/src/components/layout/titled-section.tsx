import type { ReactNode } from 'react';

/** A screen's sections have <h2> titles; a detail's sections sit under the detail's own <h2>, so theirs are <h3>. */
const LOOKS = {
  screen: { section: 'section', title: 'section-title', Heading: 'h2' },
  detail: { section: 'detail-section', title: 'detail-section-title', Heading: 'h3' },
} as const;

interface TitledSectionProps {
  titleId: string;
  title: ReactNode;
  look?: keyof typeof LOOKS;
  children: ReactNode;
}

/** A <section> named by its heading (aria-labelledby), then its content. */
export function TitledSection({ titleId, title, look = 'screen', children }: TitledSectionProps) {
  const { section, title: titleClass, Heading } = LOOKS[look];
  return (
    <section className={section} aria-labelledby={titleId}>
      <Heading className={titleClass} id={titleId}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
