import { Download } from 'lucide-react';
import { useState } from 'react';
import { dateAndTimeIn, TIME_ZONE } from '../../../../shared/dates';
import { MAX_REPORT_DAYS } from '../../../../shared/schemas/game-day';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDownloadPaymentsReport } from '../api';

/** The payments spreadsheet for the books: every provider payment and credit movement of a period. */
export function PaymentsReport() {
  const toast = useToast();
  const today = dateAndTimeIn(new Date(), TIME_ZONE).date;
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const download = useDownloadPaymentsReport();
  return (
    <section aria-labelledby="payments-report">
      <h2 id="payments-report" className="mb-3 text-xl font-bold">
        Relatório de pagamentos
      </h2>
      <Card className="space-y-3">
        <p className="text-slate-600 dark:text-slate-400">
          Planilha (CSV para o Excel) com todos os pagamentos por cartão/PIX e os movimentos de créditos do período, com os totais. Até{' '}
          {MAX_REPORT_DAYS} dias, no horário de Brasília.
        </p>
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <Input label="De" type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
          <Input label="Até" type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
          <Button
            busy={download.isPending}
            busyLabel="Baixando..."
            onClick={() =>
              download.mutate({ from, to }, { onError: (error) => toast.show(errorMessage(error, 'Erro ao baixar o relatório'), 'error') })
            }
          >
            <Download className="size-4" aria-hidden="true" />
            Baixar planilha (CSV)
          </Button>
        </div>
      </Card>
    </section>
  );
}
