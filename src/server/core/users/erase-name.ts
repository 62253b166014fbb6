import { and, ne, or, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Tx } from '../../db/open-database';
import { emailOutbox } from '../../db/schema';
import { nameSlots } from '../../integrations/mail/templates';

/**
 * Takes a person whose account is being deleted out of the e-mails kept for other people (the copies of e-mails sent
 * to the person go with the account): wherever a template put their name (`nameSlots`), it becomes "Conta excluída",
 * as screens show a deleted account. The whole slot is replaced literally (SQL `replace`, no pattern), so nothing
 * else in those e-mails changes. In-app notifications need nothing of the kind: none of their texts names a person.
 */
export async function eraseNameFromOthersMail(tx: Tx, person: { name: string; email: string }): Promise<void> {
  if (person.name === '') return;
  const neutral = nameSlots(messages.accountDeleted);
  for (const [index, slot] of nameSlots(person.name).entries()) {
    await tx
      .update(emailOutbox)
      .set({
        text: sql`replace(${emailOutbox.text}, ${slot.text}, ${neutral[index]!.text})`,
        html: sql`replace(${emailOutbox.html}, ${slot.html}, ${neutral[index]!.html})`,
      })
      .where(
        and(
          ne(emailOutbox.to, person.email),
          or(sql`strpos(${emailOutbox.text}, ${slot.text}) > 0`, sql`strpos(${emailOutbox.html}, ${slot.html}) > 0`),
        ),
      );
  }
}
