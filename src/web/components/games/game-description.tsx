import type { Game } from '../../../shared/schemas/games';
import { cn } from '../../lib/cn';

/**
 * The organiser's description: the server's sanitised HTML when there is some, else the plain
 * text (React escapes it) with its line breaks.
 */
export function GameDescription({ game, className }: { game: Pick<Game, 'description' | 'descriptionHtml'>; className?: string }) {
  const classes = cn(
    'text-slate-700 dark:text-slate-300 [&_a]:text-brand-700 [&_a]:underline [&_p+p]:mt-2 [&_ul]:list-disc [&_ul]:pl-5',
    className,
  );
  if (game.descriptionHtml.trim() !== '') {
    // Sanitised by the server (src/server/lib/html.ts) before it is stored.
    return <div className={classes} dangerouslySetInnerHTML={{ __html: game.descriptionHtml }} />;
  }
  if (game.description.trim() === '') return null;
  return <p className={cn(classes, 'whitespace-pre-line')}>{game.description}</p>;
}
