import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages';
import { isValidPhone, phoneDigits } from '../../../../shared/rules/phone';
import { Button } from '../../../components/ui/button';
import { FormModal } from '../../../components/ui/form-modal';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useSavePhone } from '../api';
import { PhoneInput } from './phone-input';

/** Asks a signed-in player without a phone for one: organisers need it to reach the players. */
export function PhoneModal() {
  const { user } = useSession();
  const [isDismissed, setIsDismissed] = useState(false);
  const isOpen = Boolean(user && user.role !== 'admin' && !user.phone) && !isDismissed;
  return <PhoneForm open={isOpen} onClose={() => setIsDismissed(true)} />;
}

export function PhoneForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const savePhone = useSavePhone();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidPhone(phone)) {
      setError(messages.phoneInvalid);
      return;
    }
    savePhone.mutate({ phone: phoneDigits(phone) }, { onSuccess: (reply) => toast.show(reply.message || messages.phoneSaved, 'success') });
  }

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title="Informe seu telefone"
      description="O organizador usa seu telefone para avisar sobre o jogo. Sem ele não dá para se inscrever."
      onSubmit={onSubmit}
      error={savePhone.isError ? errorMessage(savePhone.error, 'Erro ao salvar telefone') : undefined}
    >
      <PhoneInput
        isFocused
        value={phone}
        error={error}
        onChange={(typed) => {
          setPhone(typed);
          setError(undefined);
        }}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Agora não
        </Button>
        <Button type="submit" busy={savePhone.isPending} busyLabel="Salvando...">
          Salvar
        </Button>
      </div>
    </FormModal>
  );
}
