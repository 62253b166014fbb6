import { Modal } from '../ui/modal';
import { AddCreditsForm } from './add-credits-form';

/** The Add Credits dialog (spec: players §2 modals): the same form as /add-credit. */
export function AddCreditsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Adicionar créditos" description="Escolha o valor e a forma de pagamento.">
      <AddCreditsForm onDone={onClose} />
    </Modal>
  );
}
