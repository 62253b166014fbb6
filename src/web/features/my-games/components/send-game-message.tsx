import { useState } from 'react';
import { type MessageAudience, sendGameMessageBodySchema } from '../../../../shared/schemas/game-messages';
import { SendAvisoForm } from '../../../components/avisos/send-aviso-form';
import { useSendGameMessage } from '../game-messages-api';

const audiences: { value: MessageAudience; label: string }[] = [
  { value: 'confirmed', label: 'Confirmados' },
  { value: 'all', label: 'Todos, com a lista de espera' },
];

/** "Enviar aviso": a plain-text message to the game's players, by notification, e-mail and push (decision 077). */
export function SendGameMessage({ gameId }: { gameId: number }) {
  const send = useSendGameMessage(gameId);
  const [audience, setAudience] = useState<MessageAudience>('confirmed');
  return (
    <SendAvisoForm schema={sendGameMessageBodySchema} body={{ audience }} send={send}>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-800 dark:text-slate-200">Para quem</legend>
        {audiences.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="audience"
              value={option.value}
              checked={audience === option.value}
              onChange={() => setAudience(option.value)}
              className="size-5"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </SendAvisoForm>
  );
}
