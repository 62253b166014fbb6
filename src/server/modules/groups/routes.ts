import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute, signedInByIdRoute, signedInRoute, signedInRoutes } from '../../http/route-helpers';
import { createGroup } from './create-group';
import { getGroupPage } from './get-group-page';
import { listGroupMessages, muteGroup, sendGroupMessage } from './group-messages';
import { approveGroupRequest, changeGroupMemberRole, leaveGroup, listGroupMembers, removeGroupMember } from './group-members';
import { joinGroup } from './join-group';
import { listGroups, listMyGroups } from './list-groups';
import { renewInviteLink } from './renew-invite-link';
import { updateGroup } from './update-group';

const tags = ['groups'];

/** A signed-in route on one turma: its id, 400 and 404 (missing, or private to the caller), 403 for a role it lacks. */
const oneGroupRoute = signedInByIdRoute(tags);

/**
 * Turmas (decision 074): the group that plays together, with its owner, organisers and members. Roles are read on
 * every request; a private turma answers 404 to anyone outside it.
 */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = signedInRoutes(app);

  app.route({
    ...apiRoute('GET /groups', { tags, summary: 'Turmas públicas, de uma cidade e com parte do nome quando pedido' }, 400),
    handler: async (request) => listGroups(request.ctx, request.query),
  });

  route(
    signedInRoute(
      'POST /groups',
      {
        tags,
        summary: 'Cria uma turma: quem cria é o dono (recebe o dinheiro dos jogos dela); um endereço (slug) escolhido e já usado, 409',
      },
      400,
      409,
    ),
    async (request, user, reply) => reply.status(201).send(await createGroup(request.ctx, user, request.body)),
  );

  route(signedInRoute('GET /users/me/groups', { tags, summary: 'Minhas turmas, com o meu papel em cada uma' }), async (request, user) =>
    listMyGroups(request.ctx, user),
  );

  app.route({
    ...apiRoute(
      'GET /groups/:id',
      { tags, summary: 'A página de uma turma: meu papel, próximos jogos e séries (privada: 404 para quem é de fora)' },
      400,
      404,
    ),
    preHandler: app.optionalUser,
    handler: async (request) => getGroupPage(request.ctx, request.params.id, request.user ?? undefined, request.query.convite),
  });

  route(
    oneGroupRoute(
      'POST /groups/:id/members',
      'Entra na turma (aberta: membro; com aprovação: pedido); com o token do link de convite, entra direto',
      409,
    ),
    async (request, user) => joinGroup(request.ctx, user, request.params.id, request.body?.token),
  );

  route(
    oneGroupRoute(
      'GET /groups/:id/members',
      'Membros da turma: nomes completos e pedidos para o dono e organizadores, nome e inicial para os membros',
      403,
    ),
    async (request, user) => listGroupMembers(request.ctx, user, request.params.id),
  );

  route(
    oneGroupRoute('DELETE /groups/:id/members/me', 'Sai da turma (ou desiste do pedido); o dono passa a turma antes', 409),
    async (request, user) => leaveGroup(request.ctx, user, request.params.id),
  );

  route(
    oneGroupRoute('POST /groups/:id/members/:userId/approve', 'O dono ou um organizador aceita um pedido para entrar', 403),
    async (request, user) => approveGroupRequest(request.ctx, user, request.params.id, request.params.userId),
  );

  route(
    oneGroupRoute(
      'PUT /groups/:id/members/:userId',
      'O dono muda o papel de um membro: organizer, member, ou owner (passa a turma e vira organizador)',
      403,
      409,
    ),
    async (request, user) => changeGroupMemberRole(request.ctx, user, request.params.id, request.params.userId, request.body.role),
  );

  route(
    oneGroupRoute(
      'DELETE /groups/:id/members/:userId',
      'O dono ou um organizador recusa um pedido ou remove um membro (organizadores, só o dono; o dono, ninguém)',
      403,
      409,
    ),
    async (request, user) => removeGroupMember(request.ctx, user, request.params.id, request.params.userId),
  );

  route(
    oneGroupRoute(
      'POST /groups/:id/messages',
      'O dono ou um organizador envia um aviso a todos os membros: notificação, e-mail e push conforme as preferências de avisos de cada um e se silenciou a turma (push retido nas horas de silêncio); até 1 000 caracteres, 10 por dia por turma (429). Um membro recebe 403',
      403,
      409,
      429,
    ),
    async (request, user, reply) => reply.status(201).send(await sendGroupMessage(request.ctx, user, request.params.id, request.body)),
  );

  route(
    oneGroupRoute(
      'GET /groups/:id/messages',
      'Os avisos da turma, do mais novo ao mais antigo, para os membros (e a administração); 403 para quem não é de uma turma pública',
      403,
    ),
    async (request, user) => listGroupMessages(request.ctx, user, request.params.id),
  );

  route(
    oneGroupRoute(
      'PUT /groups/:id/mute',
      'Um membro silencia a turma (muted true: sem e-mail nem push dos avisos e jogos novos dela; o app continua mostrando) ou reativa (false)',
      403,
    ),
    async (request, user) => muteGroup(request.ctx, user, request.params.id, request.body),
  );

  route(
    oneGroupRoute(
      'PUT /groups/:id',
      'O dono ou um organizador muda nome, descrição, cidade, quem vê e como se entra; o endereço (/t/{slug}) não muda. Um membro recebe 403; suspensa, 409',
      403,
      409,
    ),
    async (request, user) => updateGroup(request.ctx, user, request.params.id, request.body),
  );

  route(oneGroupRoute('POST /groups/:id/invite-link', 'Um novo link de convite; o anterior deixa de valer', 403), async (request, user) =>
    renewInviteLink(request.ctx, user, request.params.id),
  );
};
