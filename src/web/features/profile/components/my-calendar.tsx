import { CalendarDays, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { Input } from '../../../components/ui/input';
import { PageSection } from '../../../components/ui/page-section';
import { Skeleton } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useCalendarFeed, useRegenerateCalendarFeed } from '../api';

/**
 * "Minha agenda": the private address of the player's calendar feed, to subscribe to in Google, Apple or
 * Outlook calendars, with copy and a new link (the old one stops working).
 */
export function MyCalendar() {
  const toast = useToast();
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();
  const [isConfirming, setIsConfirming] = useState(false);

  return (
    <PageSection
      id="profile-calendar"
      title="Minha agenda"
      icon={<CalendarDays className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />}
    >
      <Card className="space-y-4">
        <p className="text-slate-700 dark:text-slate-300">
          Assine este link no Google Agenda, no Calendário da Apple ou no Outlook e seus jogos confirmados e aguardando pagamento aparecem
          lá sozinhos. Quem tiver o link vê seus jogos: não compartilhe.
        </p>
        {regenerate.isError && <Alert tone="error">{errorMessage(regenerate.error, 'Erro ao gerar um novo link da agenda')}</Alert>}
        {feed.isPending ? (
          <Skeleton className="h-11 w-full" />
        ) : feed.isError ? (
          <QueryError title="Erro ao carregar o link da agenda" query={feed} />
        ) : (
          <>
            <Input label="Link da sua agenda" value={feed.data.url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <div className="flex flex-wrap gap-3">
              <CopyButton text={feed.data.url} copied="Link da agenda copiado!" variant="primary">
                Copiar link
              </CopyButton>
              <Button variant="secondary" onClick={() => setIsConfirming(true)}>
                <RefreshCw className="size-5" aria-hidden="true" />
                Gerar novo link
              </Button>
            </div>
          </>
        )}
      </Card>
      <ConfirmDialog
        open={isConfirming}
        title="Gerar novo link da agenda?"
        message="O link atual para de funcionar na hora: as agendas que o assinaram deixam de receber seus jogos até você assinar o novo."
        confirmLabel="Gerar novo link"
        cancelLabel="Manter o atual"
        busy={regenerate.isPending}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: (reply) => toast.show(reply.message, 'success'),
            onSettled: () => setIsConfirming(false),
          })
        }
        onCancel={() => setIsConfirming(false)}
      />
    </PageSection>
  );
}
