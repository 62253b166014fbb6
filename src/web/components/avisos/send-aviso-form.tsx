import type { UseMutationResult } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { avisoTexts as texts } from '../../../shared/game-message-texts';
import type { z } from '../../../shared/schemas/z';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { describedBy, fieldBorder, fieldClasses, FieldMessages } from '../ui/input';
import { PageSection } from '../ui/page-section';

/**
 * "Enviar aviso": a plain-text message of at most 1 000 characters, with its counter, checked by the route's own
 * schema before it goes (`body` adds what else the route takes, `children` its fields); the server's refusal and its
 * answer are shown as it says them (decisions 077, 078).
 */
export function SendAvisoForm<Body extends { text: string }>({
  schema,
  body,
  send,
  children,
}: {
  schema: z.ZodType<Body, Body>;
  body?: Omit<Body, 'text'>;
  send: UseMutationResult<{ message: string }, Error, Body>;
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | undefined>();
  const fieldId = useId();
  const hint = `${text.length}/${texts.maxLength} caracteres`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = schema.safeParse({ ...body, text });
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
          {children}
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
