import { Link } from 'react-router';
import { Button, buttonClasses } from '../ui/button';

type GameFormActionsProps = {
  /** Where "leave without saving" goes, and its label. */
  leave: { to: string; label: string };
  /** A game that cannot be edited offers only the way out. */
  isLocked: boolean;
  isBusy: boolean;
  busyLabel: string;
  label: string;
};

/** The bar under the form: leave without saving, and save. */
export function GameFormActions({ leave, isLocked, isBusy, busyLabel, label }: GameFormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end dark:border-slate-800">
      <Link to={leave.to} className={buttonClasses('secondary')}>
        {leave.label}
      </Link>
      {!isLocked && (
        <Button type="submit" size="lg" busy={isBusy} busyLabel={busyLabel}>
          {label}
        </Button>
      )}
    </div>
  );
}
