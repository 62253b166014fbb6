import { Bell, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { type NotificationChannels, type NotificationKind, notificationKinds } from '../../../../shared/schemas/notification-settings';
import { QueryError } from '../../../components/games/list-states';
import { DevicePushCard, useDevicePush } from '../../../components/notifications/device-push';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { PageSection } from '../../../components/ui/page-section';
import { Skeleton } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api';

const kinds: Record<NotificationKind, { title: string; description: string }> = {
  reminders: { title: 'Lembretes de jogos', description: 'Antes de cada jogo em que você tem vaga.' },
  places: { title: 'Vagas e lista de espera', description: 'Uma vaga que abriu para você, confirmações e prazos de pagamento.' },
  changes: { title: 'Mudanças e cancelamentos', description: 'Quando um jogo seu muda de data, local ou preço, ou é cancelado.' },
  invitations: { title: 'Convites', description: 'Quando um organizador convida você para um jogo.' },
  receipts: { title: 'Recibos e créditos', description: 'Créditos adicionados e reembolsos.' },
  organiser: { title: 'Jogos que você organiza', description: 'Novas inscrições nos seus jogos e novos mensalistas das suas séries.' },
  groups: { title: 'Suas turmas', description: 'Jogos novos das turmas de que você faz parte.' },
  messages: { title: 'Avisos dos organizadores', description: 'O que quem organiza um jogo seu escreve aos jogadores.' },
};

const channels: { channel: keyof NotificationChannels; label: string }[] = [
  { channel: 'email', label: 'E-mail' },
  { channel: 'push', label: 'No aparelho' },
];

/**
 * One channel of one kind: a switch (a checkbox with the switch role) that saves as it changes. It shows its new place
 * from the click until the save settles (then the saved settings, or the old ones after a refusal), whatever the
 * settings' query does meanwhile.
 */
function ChannelSwitch({
  label,
  checked,
  onChange,
  disabled = false,
  describedBy,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => Promise<void>;
  disabled?: boolean;
  describedBy?: string;
}) {
  const [saving, setSaving] = useState<boolean | null>(null);
  const shown = !disabled && (saving ?? checked);
  const change = (next: boolean) => {
    setSaving(next);
    void onChange(next).then(() => setSaving((current) => (current === next ? null : current)));
  };
  return (
    <label
      className={cn(
        'relative flex min-h-11 items-center justify-between gap-3 rounded-xl border border-slate-200 px-3 dark:border-slate-700',
        disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
      )}
    >
      <span className="font-medium">{label}</span>
      <input
        type="checkbox"
        role="switch"
        className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-xl opacity-0 disabled:cursor-not-allowed"
        checked={shown}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => change(event.target.checked)}
      />
      <span
        aria-hidden="true"
        className={cn(
          'relative h-6 w-11 shrink-0 rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
          shown ? 'bg-brand-700' : 'bg-slate-300 dark:bg-slate-600',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform',
            shown ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </span>
      <span aria-hidden="true" className="w-9 text-right text-sm text-slate-600 dark:text-slate-400">
        {shown ? 'Sim' : 'Não'}
      </span>
    </label>
  );
}

/**
 * "Notificações" on the profile: this device's push, then, per kind, e-mail and push on or off (each switch saves at
 * once). Security e-mails are no kind: the section says they always go.
 */
export function NotificationPreferences() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const device = useDevicePush();
  // "No aparelho" says what reaches this device: nothing while it has no subscription, whatever the saved choice.
  const isDeviceOn = device.state === 'on';
  const deviceOffHintId = useId();

  return (
    <PageSection
      id="profile-notifications"
      title="Notificações"
      icon={<Bell className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />}
    >
      <DevicePushCard device={device} headingLevel={3} />
      <Card className="space-y-4">
        <p className="text-slate-700 dark:text-slate-300">
          Escolha o que você recebe por e-mail e como notificação nos aparelhos em que ativou. As mudanças valem na hora.
        </p>
        {device.state !== null && !isDeviceOn && (
          <p id={deviceOffHintId} className="text-sm text-slate-600 dark:text-slate-400">
            Nada chega como notificação neste aparelho enquanto elas estiverem desativadas nele: ative acima para escolher o que chega aqui.
          </p>
        )}
        {update.isError && <Alert tone="error">{errorMessage(update.error, 'Erro ao salvar suas preferências de notificação')}</Alert>}
        {settings.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : settings.isError ? (
          <QueryError title="Erro ao carregar suas preferências de notificação" query={settings} />
        ) : (
          <div className="space-y-3">
            {notificationKinds.map((kind) => (
              <fieldset key={kind} className="space-y-2 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/50">
                <legend className="float-left w-full font-semibold">{kinds[kind].title}</legend>
                <p className="clear-left text-sm text-slate-600 dark:text-slate-400">{kinds[kind].description}</p>
                <div className="grid gap-2 sm:grid-cols-2">
                  {channels.map(({ channel, label }) => (
                    <ChannelSwitch
                      key={channel}
                      label={label}
                      checked={settings.data[kind][channel]}
                      disabled={channel === 'push' && !isDeviceOn}
                      describedBy={channel === 'push' && !isDeviceOn ? deviceOffHintId : undefined}
                      // A refusal shows in the alert above (update.error): the switch only needs to know it settled.
                      onChange={(checked) =>
                        update.mutateAsync({ [kind]: { [channel]: checked } }).then(
                          () => undefined,
                          () => undefined,
                        )
                      }
                    />
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        )}
        <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
          E-mails de segurança (códigos de acesso, troca de senha e exclusão da conta) são sempre enviados.
        </p>
      </Card>
    </PageSection>
  );
}
