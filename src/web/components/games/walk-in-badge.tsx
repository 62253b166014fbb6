import { Badge } from '../ui/badge';

/** "avulso" beside a walk-in's name (decision 047): on game day, in "Quem vai" and in the drawn teams. */
export function WalkInBadge({ className }: { className?: string }) {
  return (
    <Badge tone="neutral" className={className}>
      avulso
    </Badge>
  );
}
