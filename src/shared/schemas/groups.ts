import { messages } from '../messages';
import { MAX_SLUG_BASE } from '../rules/group-slug';
import { hasUnsafeNameCharacter } from '../rules/person-name';
import { emptyToUndefined, idParamsSchema, optionalIdQuerySchema } from './common';
import { gameSchema } from './games';
import { seriesSchema } from './series';
import { z } from './z';

const m = messages.groups;

/** Owner (one, the payee of the turma's games), organisers (run its games and series, never its money), members. */
export const groupRoleSchema = z.enum(['owner', 'organiser', 'member'], { error: m.roleInvalid });
export type GroupRole = z.infer<typeof groupRoleSchema>;

/** What the caller is to a turma: a role, someone who asked to join (`requested`), or nothing. */
export const myGroupRoleSchema = z
  .enum(['owner', 'organiser', 'member', 'requested'])
  .nullable()
  .describe('O papel de quem pergunta: dono, organizador, membro, pedido enviado (requested) ou null (de fora)');
export type MyGroupRole = z.infer<typeof myGroupRoleSchema>;

export const groupVisibilitySchema = z.enum(['public', 'private'], { error: m.visibilityInvalid });
export const groupJoinPolicySchema = z.enum(['open', 'approval'], { error: m.joinPolicyInvalid });

/** The settings of a turma, as its owner or an organiser writes them, at its creation and afterwards. */
const groupSettingsSchema = z.strictObject({
  name: z
    .string({ error: m.nameRequired })
    .refine((text) => !hasUnsafeNameCharacter(text), messages.nameUnsafeCharacters)
    .trim()
    .min(1, m.nameRequired)
    .min(3, m.nameTooShort)
    .max(80, m.nameTooLong)
    .describe('O nome da turma: dá o endereço da página (/t/{slug})'),
  description: z.string({ error: m.descriptionTooLong }).trim().max(2_000, m.descriptionTooLong).nullish().describe('Até 2.000 caracteres'),
  cityId: z
    .number({ error: m.cityRequired })
    .int(m.cityInvalid)
    .positive(m.cityInvalid)
    .max(2_147_483_647, m.cityInvalid)
    .describe('A cidade onde a turma joga'),
  visibility: groupVisibilitySchema.nullish().describe('Padrão: public; private = só membros a veem (404 aos de fora)'),
  joinPolicy: groupJoinPolicySchema.nullish().describe('Padrão: open; approval = um organizador aprova cada pedido'),
});

export const createGroupBodySchema = groupSettingsSchema.extend({
  slug: z
    .preprocess(
      emptyToUndefined,
      z
        .string({ error: m.slugInvalid })
        .trim()
        .min(3, m.slugTooShort)
        .max(MAX_SLUG_BASE, m.slugTooLong)
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, m.slugInvalid)
        .optional(),
    )
    .describe(
      'O endereço da página escolhido (/t/{slug}): letras minúsculas, números e hífens; já usado por outra turma, 409 (group_slug_taken). Sem ele, vem do nome, com um número quando já usado',
    ),
});
export type CreateGroupInput = z.input<typeof createGroupBodySchema>;
export type CreateGroupBody = z.output<typeof createGroupBodySchema>;

/** `PUT /groups/{id}`: every setting again; the address (slug) stays, so the links already shared keep working. */
export const updateGroupBodySchema = groupSettingsSchema;
export type UpdateGroupInput = z.input<typeof updateGroupBodySchema>;
export type UpdateGroupBody = z.output<typeof updateGroupBodySchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().describe('O endereço da página: /t/{slug}'),
  description: z.string(),
  city: z.object({ id: z.number().int(), name: z.string(), uf: z.string(), timeZone: z.string().describe('O fuso do estado da cidade') }),
  visibility: z.enum(['public', 'private']),
  joinPolicy: z.enum(['open', 'approval']),
  memberCount: z.number().int().describe('Membros, dono e organizadores incluídos (pedidos não contam)'),
  organisers: z.array(personSchema).describe('O dono primeiro, depois os organizadores (nome e inicial do sobrenome)'),
  suspended: z.boolean().describe('Suspensa pela administração: ninguém entra e nenhum jogo novo é criado'),
  createdAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupReplySchema = z.object({ message: z.string(), group: groupSchema });
export type GroupReply = z.infer<typeof groupReplySchema>;

/** A turma's page by its slug; the parameter is named `id` as on the turma's other routes (one router node). */
export const groupSlugParamsSchema = z.strictObject({
  id: z.string().min(1).max(120).describe('O slug da turma (o endereço da página, /t/{slug})'),
});

export const groupPageQuerySchema = z.strictObject({
  convite: z
    .preprocess(emptyToUndefined, z.string().max(100).optional())
    .describe('O token do link de convite: abre a página de uma turma privada a quem o recebeu'),
});

export const groupPageSchema = z.object({
  group: groupSchema,
  myRole: myGroupRoleSchema,
  muted: z.boolean().describe('Se quem pergunta, membro, silenciou a turma (sem e-mail nem push dos avisos e jogos novos dela)'),
  inviteUrl: z.string().nullable().describe('O link de convite da turma: só para o dono e os organizadores'),
  upcomingGames: z.array(gameSchema).describe('Os próximos jogos publicados da turma que quem pergunta pode ver'),
  series: z.array(seriesSchema).describe('As séries ativas da turma'),
});
export type GroupPage = z.infer<typeof groupPageSchema>;

export const listGroupsQuerySchema = z.strictObject({
  cityId: optionalIdQuerySchema,
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()).describe('Parte do nome da turma'),
});

export const myGroupSchema = z.object({ group: groupSchema, myRole: groupRoleSchema });
export const myGroupsReplySchema = z.array(myGroupSchema);
export type MyGroup = z.infer<typeof myGroupSchema>;

export const joinGroupBodySchema = z.strictObject({
  token: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('O token do link de convite: entra mesmo numa turma privada ou com aprovação'),
});

export const joinGroupReplySchema = z.object({
  message: z.string(),
  status: z.enum(['member', 'requested']).describe('member: entrou; requested: pedido enviado aos organizadores'),
  group: groupSchema,
});
export type JoinGroupReply = z.infer<typeof joinGroupReplySchema>;

export const groupMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string().describe('Nome completo para o dono e os organizadores; nome e inicial do sobrenome para os membros'),
  role: groupRoleSchema,
  status: z.enum(['member', 'requested']),
  joinedAt: z.string().nullable(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupMembersReplySchema = z.object({
  members: z.array(groupMemberSchema),
  requests: z.array(groupMemberSchema).describe('Pedidos para entrar: só para o dono e os organizadores (vazio para os outros)'),
});
export type GroupMembersReply = z.infer<typeof groupMembersReplySchema>;

export const groupMemberParamsSchema = idParamsSchema.extend({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const updateGroupMemberBodySchema = z.strictObject({
  role: groupRoleSchema.describe('owner passa a turma (quem passa vira organizador)'),
});

export const groupMemberReplySchema = z.object({ message: z.string(), member: groupMemberSchema });
export const inviteLinkReplySchema = z.object({ message: z.string(), url: z.string().describe('O novo link; o anterior deixa de valer') });

// ── Administrators ──

export const adminGroupsQuerySchema = z.strictObject({
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
});
export const adminGroupSchema = groupSchema.extend({
  owner: personSchema.extend({ email: z.string() }).nullable(),
  suspendedAt: z.string().nullable(),
  suspendReason: z.string().nullable(),
  gameCount: z.number().int(),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;
export const adminGroupsReplySchema = z.object({ groups: z.array(adminGroupSchema) });
export const adminGroupDetailSchema = z.object({
  group: adminGroupSchema,
  members: z.array(groupMemberSchema),
  upcomingGames: z.array(gameSchema),
});
export type AdminGroupDetail = z.infer<typeof adminGroupDetailSchema>;
export const suspendGroupBodySchema = z.strictObject({
  reason: z.string({ error: m.suspendReasonRequired }).trim().min(1, m.suspendReasonRequired).max(500),
});
export const adminGroupReplySchema = z.object({ message: z.string(), group: adminGroupSchema });
