import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A section of a page under its h2, which names it for screen readers (`id` ties them). `icon` stands before the
 * title; `size="lg"` is the landing page's larger heading and spacing.
 */
export function PageSection({
  id,
  title,
  icon,
  size = 'md',
  children,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  const isLarge = size === 'lg';
  return (
    <section aria-labelledby={id} className={isLarge ? 'space-y-5' : 'space-y-4'}>
      <h2
        id={id}
        className={cn(
          isLarge ? 'text-2xl font-bold tracking-tight sm:text-3xl' : 'text-xl font-bold',
          icon ? 'flex items-center gap-2' : undefined,
        )}
      >
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}
