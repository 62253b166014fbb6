import { BellOff, BellRing, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import {
  type DevicePushState,
  disableDevicePush,
  enableDevicePush,
  PUSH_SERVICE_TIMEOUT_MS,
  PushPermissionDenied,
  PushServiceTimeout,
  readDevicePushState,
} from '../../lib/push-subscription';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';

const statusText: Record<DevicePushState, string> = {
  on: 'Ativado neste aparelho',
  off: 'Desativado neste aparelho',
  blocked: 'Bloqueado pelo navegador',
  unsupported: 'Não suportado neste navegador',
};

const hints: Record<DevicePushState, string> = {
  on: 'Avisos de vagas, lembretes e mudanças nos seus jogos chegam aqui mesmo com o Bora Jogar fechado.',
  off: 'Receba aqui, na hora, avisos de vagas, lembretes e mudanças nos seus jogos, mesmo com o Bora Jogar fechado.',
  blocked:
    'Você bloqueou as notificações do Bora Jogar neste navegador. Para ativar, libere as notificações nas configurações do site (o cadeado ao lado do endereço) e volte aqui.',
  unsupported:
    'Este navegador não recebe notificações do Bora Jogar. No iPhone, adicione o Bora Jogar à tela de início (Compartilhar → Adicionar à Tela de Início) e abra por lá.',
};

/** Said when the browser's push service did not answer in time. */
export const pushServiceTimeoutText = `O serviço de notificações do navegador não respondeu em ${PUSH_SERVICE_TIMEOUT_MS / 1000} segundos, então nada foi ativado. Confira a internet e tente de novo; se continuar, este navegador não está conseguindo falar com o serviço de notificações dele.`;

/** This browser's Web Push: what it is now (null while reading it), and turning it on or off with what came of it. */
export function useDevicePush() {
  const [state, setState] = useState<DevicePushState | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    readDevicePushState()
      .then((read) => isCurrent && setState(read))
      .catch(() => isCurrent && setState('off'));
    return () => {
      isCurrent = false;
    };
  }, []);

  async function change(turnOn: boolean) {
    setIsBusy(true);
    setResult(null);
    try {
      setState(turnOn ? await enableDevicePush() : await disableDevicePush());
      setResult({ tone: 'success', text: turnOn ? 'Notificações ativadas neste aparelho.' : 'Notificações desativadas neste aparelho.' });
    } catch (error) {
      if (error instanceof PushPermissionDenied) {
        setState(await readDevicePushState());
        setResult({ tone: 'error', text: 'Sem a sua permissão, o navegador não mostra as notificações.' });
      } else if (error instanceof PushServiceTimeout) {
        setState('off');
        setResult({ tone: 'error', text: pushServiceTimeoutText });
      } else {
        setResult({
          tone: 'error',
          text: errorMessage(error, turnOn ? 'Não foi possível ativar as notificações.' : 'Não foi possível desativar as notificações.'),
        });
      }
    } finally {
      setIsBusy(false);
    }
  }

  return { state, isBusy, result, change };
}

export type DevicePushControl = ReturnType<typeof useDevicePush>;

/**
 * "Ativar notificações neste aparelho": this browser's Web Push, turned on (permission, subscription, server) or off,
 * with what it is now. Shown on /notifications and on the profile.
 */
export function DevicePush({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  return <DevicePushCard device={useDevicePush()} headingLevel={headingLevel} />;
}

/** The card of `device`, for a page that reads the same state elsewhere too (the profile's switches). */
export function DevicePushCard({ device, headingLevel = 2 }: { device: DevicePushControl; headingLevel?: 2 | 3 }) {
  const { state, isBusy, result, change } = device;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Icon = state === 'on' ? BellRing : state === 'off' || state === null ? Smartphone : BellOff;
  return (
    <Card role="region" className="space-y-3" aria-labelledby="device-push-title">
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-6 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-1">
          <Heading id="device-push-title" className="text-lg font-bold">
            Notificações neste aparelho
          </Heading>
          {state === null ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Verificando...</p>
          ) : (
            <>
              <p className="font-semibold" data-testid="device-push-status">
                {statusText[state]}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{hints[state]}</p>
            </>
          )}
        </div>
      </div>
      {state === 'off' && (
        <Button onClick={() => void change(true)} busy={isBusy} busyLabel="Ativando..." className="w-full sm:w-auto">
          <BellRing className="size-5" aria-hidden="true" />
          Ativar notificações neste aparelho
        </Button>
      )}
      {state === 'on' && (
        <Button
          variant="secondary"
          onClick={() => void change(false)}
          busy={isBusy}
          busyLabel="Desativando..."
          className="w-full sm:w-auto"
        >
          <BellOff className="size-5" aria-hidden="true" />
          Desativar neste aparelho
        </Button>
      )}
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
    </Card>
  );
}
