import type { Game } from '../../../../shared/schemas/games';
import { Alert } from '../../../components/ui/alert';
import { type LeaveRegistration, LeaveRegistrationControls } from './leave-registration';
import { NextStepLinks } from './next-step-links';

/** A player in line: their position, where to go meanwhile, and the way out of the line. */
export function WaitlistedRegistration({ game, leave, isClosed }: { game: Game; leave: LeaveRegistration; isClosed: boolean }) {
  return (
    <div className="space-y-4">
      <Alert tone="warning" title="Você está na lista de espera">
        <p>Aguardando vaga disponível. Avisamos você assim que abrir uma vaga.</p>
        {game.waitlistPosition ? <p className="mt-1 font-semibold">Posição na fila: {game.waitlistPosition}</p> : null}
      </Alert>
      <NextStepLinks
        steps={[
          { to: '/profile', label: 'Ver meu perfil' },
          { to: '/games', label: 'Ver outros jogos' },
        ]}
      />
      <LeaveRegistrationControls game={game} leave={leave} isClosed={isClosed} variant="ghost" label="Sair da lista de espera" />
    </div>
  );
}
