import type { ReactNode } from 'react';

interface PanelProps {
  title: string;
  /** Right side of the panel header (a status tag, a button). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A bordered card with a monospace title bar; the building block of every screen. */
export function Panel({ title, aside, className, children }: PanelProps) {
  return (
    <section className={`panel${className ? ` ${className}` : ''}`} aria-label={title}>
      <header className="panel__header">
        <h2 className="panel__title">{title}</h2>
        {aside}
      </header>
      <div className="panel__body">{children}</div>
    </section>
  );
}
