import type { ComponentType, ReactNode, SVGProps } from 'react';

/** A card of the account page: a titled `<section>` (icon + `<h2>`, labelled by it) around `children`. */
export function AccountCard({
  id,
  icon: Icon,
  title,
  testId,
  wide,
  children,
}: {
  /** Id of the heading (unique on the page). */
  id: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  testId: string;
  /** Spans the whole grid row. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`ui-card ma-account__card ${wide ? 'ma-account__card--wide' : ''}`} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="ma-account__h2">
        <Icon width={20} height={20} aria-hidden="true" /> {title}
      </h2>
      {children}
    </section>
  );
}
