import { Volleyball } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Card } from './card';
import { PageHeader } from './page-header';

/** A screen whose content comes in a later step: its title and one line about what it will hold. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader title={title} />
      <Card className="flex items-start gap-4">
        <Volleyball className="size-8 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <p className="text-slate-700 dark:text-slate-300">{description}</p>
      </Card>
    </div>
  );
}
