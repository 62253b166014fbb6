import { z } from './z';

export const calendarFeedReplySchema = z.object({
  url: z.url().describe('Endereço da agenda privada (iCalendar): assine no Google Agenda, Apple ou Outlook; não exige login'),
});
export type CalendarFeedReply = z.infer<typeof calendarFeedReplySchema>;

export const regenerateCalendarFeedReplySchema = calendarFeedReplySchema.extend({ message: z.string() });
export type RegenerateCalendarFeedReply = z.infer<typeof regenerateCalendarFeedReplySchema>;

/** The feed's secret as it appears in its address (64 hex digits); anything else is not a feed. */
export const calendarFeedParamsSchema = z.strictObject({ token: z.string().max(200) });
