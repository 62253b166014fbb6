import { PhoneModal } from '../../features/profile/components/phone-modal';
import { useSession } from '../../lib/session';
import { PlayerHeader } from '../headers/player-header';
import { PageFrame } from './page-frame';

export function PlayerLayout() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <PageFrame header={<PlayerHeader user={user} />}>
      <PhoneModal />
    </PageFrame>
  );
}
