import { useState } from 'react';
import { dateAndTimeIn, TIME_ZONE } from '../../../../shared/dates';
import { MAX_REPORT_DAYS } from '../../../../shared/schemas/game-day';
import { Card } from '../../../components/ui/card';
import { DownloadCsvButton } from '../../../components/ui/download-csv-button';
import { Input } from '../../../components/ui/input';
import { useDownloadPaymentsReport } from '../api';

/** The payments spreadsheet for the books: every provider payment and credit movement of a period. */
export function PaymentsReport() {
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
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <Input label="De" type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
          <Input label="Até" type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
          <DownloadCsvButton download={download} variables={{ from, to }} failure="Erro ao baixar o relatório" variant="primary" />
        </div>
      </Card>
    </section>
  );
}
