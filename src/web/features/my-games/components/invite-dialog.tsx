import { useId, useState, type FormEvent } from 'react';
import { inviteByEmailBodySchema, MAX_INVITES, type InviteByEmailReply, type UserGame } from '../../../../shared/schemas/user-games';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, fieldBorder, fieldClasses, FieldMessages } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useInviteByEmail } from '../api';
import { splitEmails } from '../user-game-rules';

function EmailList({ title, emails }: { title: string; emails: string[] }) {
  if (emails.length === 0) return null;
  return (
    <div>
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 break-all">
        {emails.map((email) => (
          <li key={email}>{email}</li>
        ))}
      </ul>
    </div>
  );
}

/** Sends the private link by e-mail to up to 50 people at once, and says who was invited now. */
export function InviteDialog({ game, onClose }: { game: Pick<UserGame, 'id' | 'name' | 'publicationState'>; onClose: () => void }) {
  const invite = useInviteByEmail();
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<InviteByEmailReply | undefined>();
  const fieldId = useId();
  const isDraft = game.publicationState === 'draft';
  const hint = `Separe por vírgula, espaço ou uma por linha. Até ${MAX_INVITES} por vez.`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own rules, so the messages match ("E-mail inválido: ...").
    const parsed = inviteByEmailBodySchema.safeParse({ emails: splitEmails(text) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    invite.mutate(
      { gameId: game.id, emails: parsed.data.emails },
      {
        onSuccess: (reply) => {
          setResult(reply);
          setText('');
          toast.show(reply.message, 'success');
        },
      },
    );
  }

  return (
    <Modal open onClose={onClose} title="Convidar por e-mail" description={game.name}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {isDraft && <Alert tone="warning">Publique o jogo antes de enviar convites.</Alert>}
        <p className="text-slate-700 dark:text-slate-300">
          Cada pessoa recebe um e-mail com o link privado do jogo. Quem já tem conta também recebe uma notificação.
        </p>
        <div>
          <label htmlFor={fieldId} className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">
            E-mails
          </label>
          <textarea
            id={fieldId}
            rows={4}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(undefined);
            }}
            placeholder={'ana@exemplo.com.br, bruno@exemplo.com.br'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(fieldId, error, hint)}
            className={cn(fieldClasses, fieldBorder(Boolean(error)))}
            disabled={isDraft}
            data-autofocus={isDraft ? undefined : true}
          />
          <FieldMessages id={fieldId} error={error} hint={hint} />
        </div>
        {invite.isError && <Alert tone="error">{errorMessage(invite.error, 'Erro ao enviar convites')}</Alert>}
        {result && (
          <Alert tone="success" title={result.message}>
            <div className="space-y-2">
              <EmailList title="Convidados agora" emails={result.invited} />
              <EmailList title="Já tinham convite (nada foi reenviado)" emails={result.alreadyInvited} />
            </div>
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
          <Button type="submit" busy={invite.isPending} busyLabel="Enviando..." disabled={isDraft}>
            Enviar convites
          </Button>
        </div>
      </form>
    </Modal>
  );
}
