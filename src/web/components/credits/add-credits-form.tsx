import { CreditCard, FlaskConical, QrCode } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatBRL, formatCents, parseReais, toReais } from '../../../shared/money';
import { topUpAmountSchema } from '../../../shared/schemas/credits';
import { Alert } from '../ui/alert';
import { AmountInput } from './amount-input';
import { Button } from '../ui/button';
import { useToast } from '../ui/toast';
import { errorMessage } from '../../lib/api-client';
import { redirectToCheckout } from '../../lib/checkout-redirect';
import { cn } from '../../lib/cn';
import { useAddTestCredits, useCreditsConfig, useStartTopUp } from '../../lib/queries/credits';

export const INVALID_AMOUNT = 'Por favor, insira um valor válido.';
/** Suggested amounts, in centavos. */
const QUICK_AMOUNTS = [2000, 5000, 10000];

type Method = 'pix' | 'card';

const methods: Array<{ value: Method; label: string; hint: string; Icon: typeof QrCode }> = [
  { value: 'pix', label: 'PIX', hint: 'Aprovação na hora', Icon: QrCode },
  { value: 'card', label: 'Cartão', hint: 'Crédito', Icon: CreditCard },
];

/**
 * Amount and method of a top-up (PIX by default), sent to the provider's checkout. In sandbox
 * mode it also offers instant test credits. R$ 1 = 1 crédito, sem taxas.
 */
export function AddCreditsForm({ onDone }: { onDone?: () => void }) {
  const toast = useToast();
  const amountId = useId();
  const [amountText, setAmountText] = useState('');
  const [method, setMethod] = useState<Method>('pix');
  const [error, setError] = useState<string | undefined>();
  const config = useCreditsConfig();
  const startTopUp = useStartTopUp();
  const testCredits = useAddTestCredits();
  const isSandbox = config.data?.mode === 'sandbox';

  const amount = parseReais(amountText);
  const amountCents = topUpAmountSchema.safeParse(amount).data;
  const isPositive = Number.isFinite(amount) && amount > 0;
  const shownError = error ?? (amountText.trim() !== '' && !isPositive ? INVALID_AMOUNT : undefined);
  const isBusy = startTopUp.isPending || testCredits.isPending;
  // A successful checkout leaves the page; until it does the button stays busy.
  const isLeaving = startTopUp.isSuccess;

  /** A typed or a suggested amount: its error goes until the next check. */
  function editAmount(text: string) {
    setAmountText(text);
    setError(undefined);
  }

  /** The amount in centavos, or null after showing why it is not one. */
  function validAmount(): number | null {
    const parsed = topUpAmountSchema.safeParse(amount);
    if (!isPositive || !parsed.success) {
      setError(isPositive ? (parsed.error?.issues[0]?.message ?? INVALID_AMOUNT) : INVALID_AMOUNT);
      return null;
    }
    return parsed.data;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = validAmount();
    if (value === null) return;
    testCredits.reset();
    startTopUp.mutate({ method, amount: toReais(value) }, { onSuccess: (reply) => redirectToCheckout(reply) });
  }

  function onAddTestCredits() {
    const value = validAmount();
    if (value === null) return;
    startTopUp.reset();
    testCredits.mutate(
      { amount: toReais(value) },
      {
        onSuccess: (reply) => {
          toast.show(reply.message, 'success');
          setAmountText('');
          onDone?.();
        },
      },
    );
  }

  const failure = startTopUp.isError
    ? errorMessage(startTopUp.error, method === 'pix' ? 'Erro ao criar checkout PIX' : 'Erro ao gerar sessão de pagamento')
    : testCredits.isError
      ? errorMessage(testCredits.error, 'Erro ao adicionar créditos')
      : undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {isSandbox && (
        <Alert tone="warning" title="Ambiente de teste">
          Nenhum valor real é cobrado: os pagamentos abrem uma página de teste.
        </Alert>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}

      <div>
        <AmountInput
          id={amountId}
          min={1}
          placeholder="50,00"
          hint="R$ 1 = 1 crédito, sem taxas. Mínimo R$ 1,00."
          value={amountText}
          error={shownError}
          onChange={editAmount}
        />
        <div className="mt-3 flex flex-wrap gap-2" aria-label="Valores sugeridos" role="group">
          {QUICK_AMOUNTS.map((value) => (
            <button
              key={value}
              type="button"
              onClick={() => editAmount(String(toReais(value)))}
              className={cn(
                'min-h-11 rounded-xl border px-4 text-base font-semibold tabular-nums',
                amountCents === value
                  ? 'border-brand-700 bg-brand-50 text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-50'
                  : 'border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800',
              )}
            >
              {formatCents(value)}
            </button>
          ))}
        </div>
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">Forma de pagamento</legend>
        <div className="grid grid-cols-2 gap-3">
          {methods.map(({ value, label, hint, Icon }) => (
            <label
              key={value}
              className={cn(
                'flex min-h-16 cursor-pointer items-center gap-3 rounded-xl border-2 p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                method === value
                  ? 'border-brand-700 bg-brand-50 dark:border-brand-300 dark:bg-brand-950'
                  : 'border-slate-200 dark:border-slate-700',
              )}
            >
              <input
                type="radio"
                name="method"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
                className="sr-only"
              />
              <Icon className="size-6 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
              <span>
                <span className="block font-semibold">{label}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <Button
        type="submit"
        size="lg"
        fullWidth
        disabled={!isPositive || isLeaving || testCredits.isPending}
        busy={startTopUp.isPending}
        busyLabel="Abrindo pagamento..."
      >
        {isPositive ? `Pagar ${formatBRL(amount)} com ${method === 'pix' ? 'PIX' : 'cartão'}` : 'Continuar para o pagamento'}
      </Button>

      {isSandbox && (
        <Button
          variant="secondary"
          fullWidth
          disabled={!isPositive || isBusy}
          busy={testCredits.isPending}
          busyLabel="Adicionando..."
          onClick={onAddTestCredits}
        >
          <FlaskConical className="size-5" aria-hidden="true" />
          Adicionar créditos de teste
        </Button>
      )}
    </form>
  );
}
