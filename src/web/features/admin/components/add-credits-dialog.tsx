import { useRef, useState, type FormEvent } from 'react';
import { parseReais, toReais } from '../../../../shared/money';
import { addCreditsBodySchema, type AdminUser } from '../../../../shared/schemas/admin';
import { AmountInput } from '../../../components/credits/amount-input';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { FormModal } from '../../../components/ui/form-modal';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatBRL } from '../../../lib/format';
import { useAddCredits } from '../api';
import { newIdempotencyKey } from '../idempotency-key';

export const AMOUNT_REQUIRED = 'Informe o valor a adicionar.';

/**
 * Adds credits to a user. One Idempotency-Key per amount submitted from this dialog: a double
 * click or a retry after a lost reply sends the same key, and the server answers the same ledger
 * row instead of adding twice. Another amount, or the dialog opened again, gets a new key.
 */
export function AddCreditsDialog({
  user,
  open,
  onClose,
}: {
  user: Pick<AdminUser, 'id' | 'name' | 'credits'>;
  open: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const addCredits = useAddCredits();
  const [amountText, setAmountText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const attempt = useRef<{ amountCents: number; key: string } | null>(null);

  function close() {
    if (addCredits.isPending) return;
    setAmountText('');
    setFieldError(undefined);
    attempt.current = null;
    addCredits.reset();
    onClose();
  }

  function editAmount(text: string) {
    setAmountText(text);
    setFieldError(undefined);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addCredits.isPending) return;
    if (amountText.trim() === '') {
      setFieldError(AMOUNT_REQUIRED);
      return;
    }
    const parsed = addCreditsBodySchema.safeParse({ amount: parseReais(amountText) });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? AMOUNT_REQUIRED);
      return;
    }
    const { amount: amountCents } = parsed.data;
    if (attempt.current?.amountCents !== amountCents) attempt.current = { amountCents, key: newIdempotencyKey() };
    addCredits.mutate(
      { userId: user.id, amount: toReais(amountCents), idempotencyKey: attempt.current.key },
      {
        onSuccess: (reply) => {
          toast.show(reply.message, 'success');
          attempt.current = null;
          setAmountText('');
          addCredits.reset();
          onClose();
        },
      },
    );
  }

  return (
    <FormModal
      open={open}
      onClose={close}
      title="Adicionar créditos"
      description={`Para ${user.name}. Saldo atual: ${formatBRL(user.credits)}.`}
      onSubmit={onSubmit}
      error={addCredits.isError ? errorMessage(addCredits.error, 'Erro ao adicionar créditos') : undefined}
      className="space-y-5"
    >
      <AmountInput
        min={0.01}
        placeholder="20,00"
        hint="Mínimo R$ 0,01, com até duas casas decimais. O valor entra na hora no saldo do usuário."
        value={amountText}
        error={fieldError}
        onChange={editAmount}
      />
      <DialogFormActions onCancel={close} busy={addCredits.isPending} submitLabel="Adicionar créditos" busyLabel="Adicionando..." />
    </FormModal>
  );
}
