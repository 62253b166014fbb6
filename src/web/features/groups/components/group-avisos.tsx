import { Bell, BellOff } from 'lucide-react';
import { groupMessageTexts as texts } from '../../../../shared/game-message-texts';
import { sendGroupMessageBodySchema } from '../../../../shared/schemas/game-messages';
import type { GroupPage } from '../../../../shared/schemas/groups';
import { AvisoList } from '../../../components/avisos/aviso-list';
import { SendAvisoForm } from '../../../components/avisos/send-aviso-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toastReply, useToast } from '../../../components/ui/toast';
import { useGroupMessages, useMuteGroup, useSendGroupMessage } from '../api';

/** "Enviar aviso" for the turma's owner and organisers: to every member, as each one's preferences and mute say. */
export function SendGroupMessage({ groupId }: { groupId: number }) {
  return <SendAvisoForm schema={sendGroupMessageBodySchema} send={useSendGroupMessage(groupId)} />;
}

/** The turma's avisos, newest first, for its members and administrators (decision 078). */
export function GroupAvisos({ page }: { page: GroupPage }) {
  const query = useGroupMessages(page.group.id, true);
  return <AvisoList query={query} label="Avisos da turma" timeZone={page.group.city.timeZone} whenEmpty={texts.empty} />;
}

/** A member mutes the turma (no e-mail, no push of its avisos and new games) or brings them back; the state says which. */
export function MuteGroup({ page }: { page: GroupPage }) {
  const toast = useToast();
  const mute = useMuteGroup(page.group.id);
  const toggle = () => void toastReply(toast, mute.mutateAsync(!page.muted), 'Erro ao silenciar a turma');
  return (
    <div className="space-y-3">
      {page.muted && (
        <Alert tone="info">
          <span data-testid="turma-silenciada">{texts.mutedState}</span>
        </Alert>
      )}
      <Button variant="ghost" aria-pressed={page.muted} busy={mute.isPending} onClick={toggle}>
        {page.muted ? <Bell className="size-4" aria-hidden="true" /> : <BellOff className="size-4" aria-hidden="true" />}
        {page.muted ? texts.unmute : texts.mute}
      </Button>
    </div>
  );
}
