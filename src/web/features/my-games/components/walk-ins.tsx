import { UserMinus, UserPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { UserGame, WalkIn } from '../../../../shared/schemas/user-games';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toastReply, useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAddWalkIn, useRemoveWalkIn } from '../api';

/** "Avulsos" (decision 047): a name only, for someone with no account ("+1", a friend from the group), taking a place. */
export function WalkIns({ game, walkIns, isOpen }: { game: UserGame; walkIns: WalkIn[]; isOpen: boolean }) {
  const toast = useToast();
  const add = useAddWalkIn(game.id);
  const remove = useRemoveWalkIn(game.id);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Informe o nome de quem vai jogar.');
      return;
    }
    setError(undefined);
    try {
      const reply = await add.mutateAsync(name);
      toast.show(reply.message, 'success');
      setName('');
    } catch (failure) {
      setError(errorMessage(failure, 'Erro ao adicionar à lista'));
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="flex items-center gap-2 font-bold">
        Avulsos
        <Badge tone="info" className="text-xs">
          {walkIns.length}
        </Badge>
      </h3>
      {walkIns.length > 0 && (
        <ul className="space-y-2">
          {walkIns.map((walkIn) => (
            <li
              key={walkIn.id}
              className="flex items-center justify-between gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-800"
            >
              <span className="min-w-0 break-words font-semibold">{walkIn.name}</span>
              {isOpen && (
                <Button
                  variant="ghost"
                  className="shrink-0 text-red-700 dark:text-red-400"
                  disabled={remove.isPending}
                  aria-label={`Tirar ${walkIn.name}`}
                  onClick={() => void toastReply(toast, remove.mutateAsync(walkIn.id), 'Erro ao tirar da lista')}
                >
                  <UserMinus className="size-4" aria-hidden="true" />
                  Tirar
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isOpen && (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
          <Input
            label="Adicionar avulso ou +1 (só o nome)"
            hint="Para quem não tem conta: ocupa uma vaga."
            value={name}
            maxLength={60}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            error={error}
          />
          <Button type="submit" variant="secondary" fullWidth busy={add.isPending} busyLabel="Adicionando...">
            <UserPlus className="size-4" aria-hidden="true" />
            Adicionar à lista
          </Button>
        </form>
      )}
    </section>
  );
}
