import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { meReply, player } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

function expectBackLinkToHome() {
  const backLinks = screen.getAllByRole('link', { name: 'Voltar para o início' });
  expect(backLinks.length).toBeGreaterThan(0);
  for (const link of backLinks) expect(link).toHaveAttribute('href', '/');
}

/** A visitor opens a public document page and it has drawn its heading. */
async function openAsVisitor(path: string, heading: string, routes: Parameters<typeof fakeApi>[0] = {}) {
  fakeApi(routes);
  renderApp(path);
  await findPageHeading(heading);
}

describe('privacy page', () => {
  it('has exactly 12 numbered sections, in order, and a back link to /', async () => {
    await openAsVisitor('/privacy', 'Política de Privacidade e Cookies');

    const numbered = screen.getAllByRole('heading', { level: 2 }).filter((heading) => /^\d+\.\s/.test(heading.textContent ?? ''));
    expect(numbered).toHaveLength(12);
    expect(numbered.map((heading) => Number.parseInt(heading.textContent!, 10))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expectBackLinkToHome();
  });

  it('states the facts of the spec: adults, data collected, card provider, retention, storage keys, LGPD', async () => {
    // Periods other than the defaults: the page states the server's own.
    const retention = { notificationsDays: 180, emailsDays: 60, inactiveAccountYears: 3, warningDays: 30 };
    await openAsVisitor('/privacy', 'Política de Privacidade e Cookies', { 'GET /api/privacy/retention': { body: retention } });
    const page = screen.getByRole('article');
    expect(await within(page).findByText(/dias depois de criadas/)).toBeInTheDocument();

    expect(page).toHaveTextContent('pessoas com 18 anos ou mais');
    for (const data of ['nome completo', 'e-mail', 'telefone', 'Informações de pagamento', 'identificador da sua conta Google']) {
      expect(page).toHaveTextContent(data);
    }
    expect(page).toHaveTextContent('Stripe');
    expect(page).toHaveTextContent('Mercado Pago');
    expect(page).toHaveTextContent('nunca guardamos o número do seu cartão');
    expect(page).toHaveTextContent('Contas inativas podem ser excluídas depois de 3 anos');
    expect(page).toHaveTextContent('Notificações são apagadas 180 dias depois de criadas');
    expect(page).toHaveTextContent('Cópias dos e-mails enviados são apagadas 60 dias depois do envio');
    expect(page).toHaveTextContent('mandamos um e-mail 30 dias antes: para manter a conta, basta entrar nela nesse prazo');
    expect(page).toHaveTextContent('Baixar meus dados');
    expect(page).toHaveTextContent('ficam guardados sem nenhum dado pessoal');
    for (const key of ['authToken', 'theme', 'inviteLink']) expect(within(page).getByText(key, { selector: 'code' })).toBeInTheDocument();
    expect(page).toHaveTextContent('Lei 13.709/2018');
  });

  it('says when the periods could not be read, and reads them again on Tentar novamente', async () => {
    let fails = true;
    await openAsVisitor('/privacy', 'Política de Privacidade e Cookies', {
      'GET /api/privacy/retention': () =>
        fails
          ? { status: 500, body: { code: 'internal_error', message: 'Erro interno do servidor' } }
          : { body: { notificationsDays: 365, emailsDays: 90, inactiveAccountYears: 2, warningDays: 30 } },
    });
    expect(await screen.findByText('Erro ao carregar os prazos de guarda dos dados')).toBeInTheDocument();
    fails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(/são apagadas 365 dias depois de criadas/)).toBeInTheDocument();
  });
});

describe('terms page', () => {
  it('states the refund rules, the minimum age and the credits, with a back link', async () => {
    await openAsVisitor('/terms', 'Termos de Uso');
    const page = screen.getByRole('article');

    expect(page).toHaveTextContent('Cancelou com 48 horas ou mais de antecedência');
    expect(page).toHaveTextContent('em créditos, em até 1 dia útil; no cartão ou PIX, em até 7 dias úteis');
    expect(page).toHaveTextContent('Cancelou nas últimas 48 horas');
    expect(page).toHaveTextContent('Não há reembolso');
    expect(page).toHaveTextContent('O organizador ou o Bora Jogar cancelou o jogo');
    expect(page).toHaveTextContent('Reembolso integral');
    expect(page).toHaveTextContent('18 anos ou mais');
    expect(page).toHaveTextContent('consentimento dos pais ou responsáveis');
    expect(page).toHaveTextContent('R$ 1 = 1 crédito, sem taxas');
    expect(page).toHaveTextContent('O valor mínimo para adicionar é R$ 1');
    expect(page).toHaveTextContent('combinados entre jogador e organizador');
    expectBackLinkToHome();
  });
});

describe('support page', () => {
  it('gives the e-mail, the reply time and the opening hours', async () => {
    await openAsVisitor('/support', 'Suporte');

    // One address everywhere: the page's and the footer's are the same.
    const addresses = screen.getAllByRole('link', { name: /@borajogar\.com\.br$/ });
    expect(new Set(addresses.map((link) => link.getAttribute('href')))).toEqual(new Set(['mailto:contato@borajogar.com.br']));
    expect(screen.getByText(/Respondemos em até/)).toHaveTextContent('Respondemos em até 24 horas');
    const hours = Object.fromEntries(screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(hours).toEqual({ 'Segunda a sexta': '9h às 18h', Sábado: '9h às 12h', Domingo: 'Fechado' });
  });

  it('answers the common questions in an accordion that works without JavaScript', async () => {
    const user = userEvent.setup();
    await openAsVisitor('/support', 'Suporte');

    const questions = [
      'Como funcionam os créditos?',
      'Posso cancelar minha inscrição?',
      'E se o jogo for cancelado?',
      'Como funciona a lista de espera?',
      'Preciso levar bola ou equipamento?',
    ];
    for (const question of questions) {
      const summary = screen.getByText(question);
      expect(summary.tagName).toBe('SUMMARY');
      expect(summary.closest('details')).not.toHaveAttribute('open');
    }
    await user.click(screen.getByText('Posso cancelar minha inscrição?'));
    expect(screen.getByText('Posso cancelar minha inscrição?').closest('details')).toHaveAttribute('open');
  });

  it('links a visitor to the terms, the privacy policy, the public games and sign-up', async () => {
    await openAsVisitor('/support', 'Suporte');
    const links = within(screen.getByRole('region', { name: 'Links úteis' }));

    expect(links.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/terms');
    expect(links.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacy');
    expect(links.getByRole('link', { name: 'Ver jogos abertos' })).toHaveAttribute('href', '/public-games');
    expect(links.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/register');
  });

  it('stays open for a signed-in player, whose links point to the member games list', async () => {
    fakeApi({ 'GET /api/users/me': meReply(player) });
    renderApp('/support', { token: 'jwt-ana' });
    await findPageHeading('Suporte');
    expect(currentPath()).toBe('/support');

    const links = within(screen.getByRole('region', { name: 'Links úteis' }));
    expect(links.getByRole('link', { name: 'Ver jogos' })).toHaveAttribute('href', '/games');
    expect(links.queryByRole('link', { name: 'Criar conta' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Rodapé' })).getByRole('link', { name: 'Termos' })).toHaveAttribute(
      'href',
      '/terms',
    );
  });

  it('lets a signed-in player reach the terms and the privacy policy from the footer', async () => {
    fakeApi({ 'GET /api/users/me': meReply(player) });
    const user = userEvent.setup();
    renderApp('/support', { token: 'jwt-ana' });
    await findPageHeading('Suporte');
    const footer = within(screen.getByRole('navigation', { name: 'Rodapé' }));

    await user.click(footer.getByRole('link', { name: 'Termos' }));
    await findPageHeading('Termos de Uso');
    expect(currentPath()).toBe('/terms');
    await user.click(footer.getByRole('link', { name: 'Privacidade' }));
    await findPageHeading('Política de Privacidade e Cookies');
    expect(currentPath()).toBe('/privacy');
  });
});
