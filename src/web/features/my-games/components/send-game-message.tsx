import { Megaphone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { gameMessageTexts as texts } from '../../../../shared/game-message-texts';
import { type MessageAudience, sendGameMessageBodySchema } from '../../../../shared/schemas/game-messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { describedBy, fieldBorder, fieldClasses, FieldMessages } from '../../../components/ui/input';
import { PageSection } from '../../../components/ui/page-section';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSendGameMessage } from '../game-messages-api';

const audiences: { value: MessageAudience; label: string }[] = [
  { value: 'confirmed', label: 'Confirmados' },
  { value: 'all', label: 'Todos, com a lista de espera' },
];

/** "Enviar aviso": a plain-text message to the game's players, by notification, e-mail and push (decision 077). */
export function SendGameMessage({ gameId }: { gameId: number }) {
  const send = useSendGameMessage(gameId);
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<MessageAudience>('confirmed');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | undefined>();
  const fieldId = useId();
  const hint = `${text.length}/${texts.maxLength} caracteres`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sendGameMessageBodySchema.safeParse({ text, audience });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setSent(undefined);
    send.mutate(parsed.data, {
      onSuccess: (reply) => {
        setSent(reply.message);
        setText('');
      },
    });
  }

  return (
    <PageSection id="send-message-title" title="Enviar aviso" icon={<Megaphone className="size-5" aria-hidden="true" />}>
      <Card>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div>
            <label htmlFor={fieldId} className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">
              Aviso
            </label>
            <textarea
              id={fieldId}
              rows={3}
              maxLength={texts.maxLength}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(undefined);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(fieldId, error, hint)}
              className={cn(fieldClasses, fieldBorder(Boolean(error)))}
            />
            <FieldMessages id={fieldId} error={error} hint={hint} />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-800 dark:text-slate-200">Para quem</legend>
            {audiences.map((option) => (
              <label key={option.value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="audience"
                  value={option.value}
                  checked={audience === option.value}
                  onChange={() => setAudience(option.value)}
                  className="size-5"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          {send.isError && <Alert tone="error">{errorMessage(send.error, 'Erro ao enviar o aviso')}</Alert>}
          {sent && <Alert tone="success">{sent}</Alert>}
          <Button type="submit" size="lg" className="w-full" busy={send.isPending} busyLabel="Enviando...">
            Enviar aviso
          </Button>
        </form>
      </Card>
    </PageSection>
  );
}
