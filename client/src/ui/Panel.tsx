import type { ReactNode } from 'react';

interface PanelProps {
  title: string;
  /** Right side of the panel header (a status tag, a button). */
  aside?: ReactNode;
  className?: string;
  /** h2 inside a screen; h1 when the panel is the whole screen (the 404 card). */
  titleLevel?: 1 | 2;
  children: ReactNode;
}

/** A bordered card with a monospace title bar; the building block of every screen. */
export function Panel({ title, aside, className, titleLevel = 2, children }: PanelProps) {
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={`panel${className ? ` ${className}` : ''}`} aria-label={title}>
      <header className="panel__header">
        <Title className="panel__title">{title}</Title>
        {aside}
      </header>
      <div className="panel__body">{children}</div>
    </section>
  );
}
