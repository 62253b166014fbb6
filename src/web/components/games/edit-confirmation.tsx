import { useState } from 'react';
import type { GamePayloadInput, UpdateUserGameInput } from '../../../shared/schemas/user-games';
import { hasErrorCode } from '../../lib/api-client';
import { ConfirmDialog } from '../ui/confirm-dialog';

/**
 * The server's question before a change that cancels players (unpublishing, or making a game private): a
 * `confirmation_required` whose `confirm` field says how many; the change is sent again with `confirm: true` once agreed.
 */
export function confirmationAsked(error: unknown): string | undefined {
  return hasErrorCode(error, 'confirmation_required') ? (error.fields?.confirm ?? error.message) : undefined;
}

/**
 * A game edit (organiser's or admin's) that the server may ask to confirm: saving the game as a draft, or making it
 * private, while players hold places. `save` sends the payload and, when asked, opens the dialog with the server's
 * question; agreeing sends it again with `confirm`.
 */
export function useConfirmedEdit<R>(
  send: (payload: UpdateUserGameInput) => Promise<R>,
  onSaved: (reply: R) => void,
  onFailed: (error: unknown) => void,
) {
  const [asked, setAsked] = useState<{ payload: GamePayloadInput; question: string } | null>(null);
  const [isSending, setSending] = useState(false);

  async function save(payload: GamePayloadInput) {
    try {
      onSaved(await send(payload));
    } catch (error) {
      const question = confirmationAsked(error);
      if (!question) throw error;
      setAsked({ payload, question });
    }
  }

  async function confirm() {
    if (!asked) return;
    setSending(true);
    try {
      const reply = await send({ ...asked.payload, confirm: true });
      setAsked(null);
      onSaved(reply);
    } catch (error) {
      setAsked(null);
      onFailed(error);
    } finally {
      setSending(false);
    }
  }

  const isUnpublish = asked?.question.startsWith('Despublicar') ?? false;
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title={isUnpublish ? 'Despublicar o jogo?' : 'Tornar o jogo privado?'}
      message={<p>{asked?.question}</p>}
      confirmLabel={isUnpublish ? 'Despublicar e cancelar inscrições' : 'Tornar privado e cancelar inscrições'}
      // Not "Cancelar", the red button that cancels the game: this one keeps everything as it was.
      cancelLabel="Voltar"
      tone="danger"
      busy={isSending}
      onConfirm={() => void confirm()}
      onCancel={() => setAsked(null)}
    />
  );
  return { save, dialog };
}
