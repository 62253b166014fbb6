import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

export type NextStep = { to: string; label: string; isPrimary?: boolean };

/** Where a player goes on from a registration (their profile, more games): two buttons side by side on wider screens. */
export function NextStepLinks({ steps }: { steps: NextStep[] }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {steps.map((step) => (
        <Link key={step.to} to={step.to} className={buttonClasses(step.isPrimary ? 'primary' : 'secondary')}>
          {step.label}
        </Link>
      ))}
    </div>
  );
}
