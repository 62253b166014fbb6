import { ExternalLink } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';

/** An embedded map of the address (or the place's name) and a link to open it in Google Maps. */
export function LocationMap({ address, location }: { address: string; location: string }) {
  const query = address.trim() || location.trim();
  if (!query) return null;
  const encoded = encodeURIComponent(query);
  // The frame's name, read by a screen reader: which place the map shows, not just that it is a map.
  const name = `Mapa do local: ${[location.trim(), address.trim()].filter(Boolean).join(', ')}`;
  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-800">
        <iframe
          title={name}
          aria-label={name}
          src={`https://maps.google.com/maps?q=${encoded}&output=embed`}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="block h-64 w-full sm:h-80"
        />
      </div>
      <a
        href={`https://www.google.com/maps/search/?api=1&query=${encoded}`}
        target="_blank"
        rel="noopener noreferrer"
        referrerPolicy="no-referrer"
        className={buttonClasses('secondary')}
      >
        <ExternalLink className="size-5" aria-hidden="true" />
        Abrir no Google Maps
        <span className="sr-only"> (abre em outra aba)</span>
      </a>
    </div>
  );
}
