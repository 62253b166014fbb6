import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { formatBRL } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AddCreditsForm } from '../../../components/credits/add-credits-form';

export function AddCreditPage() {
  useDocumentTitle('Adicionar créditos');
  const { user } = useSession();
  return (
    <div className="mx-auto w-full max-w-lg">
      <PageHeader title="Adicionar créditos" description="Use seus créditos para se inscrever nos jogos em um toque." />
      <Card className="space-y-5">
        <div className="flex items-baseline justify-between gap-3 rounded-xl bg-slate-100 px-4 py-3 dark:bg-slate-800">
          <span className="text-slate-600 dark:text-slate-300">Saldo atual</span>
          <span className="text-2xl font-bold tabular-nums" data-testid="current-balance">
            {formatBRL(user?.credits ?? 0)}
          </span>
        </div>
        <AddCreditsForm />
      </Card>
    </div>
  );
}
