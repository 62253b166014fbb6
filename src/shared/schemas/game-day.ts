import { z } from './z';
import { isCalendarDay } from '../dates';
import { messages } from '../messages';
import { MAX_LEVEL, MAX_TEAMS, MIN_LEVEL, MIN_TEAMS } from '../rules/team-draw';
import { teamSchema } from './games';

const m = messages.gameDay;
/** Check-in and level of one confirmed player; null clears a mark. */
export const updatePlayerBodySchema = z
  .strictObject({
    present: z.boolean({ error: m.presentInvalid }).nullable().optional(),
    level: z
      .number({ error: m.levelRange })
      .int(m.levelRange)
      .min(MIN_LEVEL, m.levelRange)
      .max(MAX_LEVEL, m.levelRange)
      .nullable()
      .optional(),
  })
  .refine((body) => body.present !== undefined || body.level !== undefined, { message: m.nothingToChange });
export type UpdatePlayerBody = z.input<typeof updatePlayerBodySchema>;

export const gameDayPlayerSchema = z.object({
  userId: z.number().int(),
  present: z.boolean().nullable(),
  level: z.number().int().nullable(),
  noShows: z.number().int().describe('Jogos deste organizador em que o jogador foi marcado como ausente'),
});
export type GameDayPlayer = z.infer<typeof gameDayPlayerSchema>;

export const updatePlayerReplySchema = z.object({ message: z.string(), player: gameDayPlayerSchema });
export type UpdatePlayerReply = z.infer<typeof updatePlayerReplySchema>;

export const drawTeamsBodySchema = z.strictObject({
  teamCount: z.number({ error: m.teamCountRange }).int(m.teamCountRange).min(MIN_TEAMS, m.teamCountRange).max(MAX_TEAMS, m.teamCountRange),
});
export type DrawTeamsBody = z.input<typeof drawTeamsBodySchema>;

export const drawTeamsReplySchema = z.object({
  teams: z.array(teamSchema),
  shareText: z.string().describe('O resultado em texto, pronto para colar no WhatsApp'),
});
export type DrawTeamsReply = z.infer<typeof drawTeamsReplySchema>;

/** The longest period one payments spreadsheet covers. */
export const MAX_REPORT_DAYS = 366;

const reportDay = z.string({ error: m.reportDayInvalid }).refine(isCalendarDay, m.reportDayInvalid).meta({ format: 'date' });

export const paymentsReportQuerySchema = z
  .strictObject({
    from: reportDay.describe('Primeiro dia (AAAA-MM-DD, horário de Brasília)'),
    to: reportDay.describe('Último dia, incluído'),
  })
  .refine((query) => query.from <= query.to, { message: m.reportRangeInverted, path: ['to'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < MAX_REPORT_DAYS, {
    message: m.reportRangeTooLong(MAX_REPORT_DAYS),
    path: ['to'],
  });
export type PaymentsReportQuery = z.infer<typeof paymentsReportQuerySchema>;
