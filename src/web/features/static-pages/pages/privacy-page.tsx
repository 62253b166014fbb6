import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { RetentionReply } from '../../../../shared/schemas/privacy';
import { QueryError } from '../../../components/games/list-states';
import { api } from '../../../lib/api-client';
import { storageKeys } from '../../../lib/storage';
import { contactEmail, minimumAge } from '../../../lib/site-info';
import { DocumentPage, DocumentSection, LAST_UPDATED, textLinkClasses } from '../components/document-page';

/** What the app keeps in the browser and why (spec: players §3, local storage keys). */
const browserStorage: ReadonlyArray<{ key: string; purpose: string }> = [
  { key: storageKeys.authToken, purpose: 'Mantém você conectado entre uma visita e outra. É apagado quando você sai da conta.' },
  {
    key: storageKeys.googleToken,
    purpose: 'Usado só quando você entra com o Google, para concluir o login. É apagado quando você sai da conta.',
  },
  { key: storageKeys.theme, purpose: 'Lembra se você prefere o tema claro ou o escuro.' },
  {
    key: storageKeys.inviteLink,
    purpose: 'Guarda o link de um jogo privado aberto antes do login, para levar você até ele depois de entrar. É apagado depois do uso.',
  },
];

/** The periods as this installation keeps them (its configuration), read from the server: the server renders them too. */
function RetentionPeriods() {
  const retention = useQuery({
    queryKey: ['privacy', 'retention'],
    queryFn: ({ signal }) => api('GET /privacy/retention', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (retention.isPending) return <p role="status">Carregando os prazos...</p>;
  if (retention.isError) return <QueryError title="Erro ao carregar os prazos de guarda dos dados" query={retention} />;
  return <RetentionList periods={retention.data} />;
}

function RetentionList({ periods }: { periods: RetentionReply }) {
  return (
    <ul>
      <li>
        <strong>Notificações</strong> são apagadas {periods.notificationsDays} dias depois de criadas.
      </li>
      <li>
        <strong>Cópias dos e-mails enviados</strong> são apagadas {periods.emailsDays} dias depois do envio.
      </li>
      <li>
        <strong>Contas inativas podem ser excluídas depois de {periods.inactiveAccountYears} anos</strong> sem uso, ou seja, sem entrar na
        conta, se inscrever em jogos ou fazer pagamentos, desde que não tenham saldo de créditos nem nada marcado pela frente (inscrições,
        mensalidades ou jogos organizados). Antes, mandamos um e-mail <strong>{periods.warningDays} dias antes</strong>: para manter a
        conta, basta entrar nela nesse prazo. Se ninguém entrar, a conta é excluída do mesmo jeito que na exclusão feita por você, descrita
        a seguir.
      </li>
    </ul>
  );
}

export function PrivacyPage() {
  return (
    <DocumentPage
      title="Política de Privacidade e Cookies"
      intro="Quais dados o Bora Jogar coleta, por que, com quem compartilha e como você controla tudo isso, conforme a Lei Geral de Proteção de Dados (LGPD)."
      updated={LAST_UPDATED}
    >
      <DocumentSection number={1} title="Quem somos e a quem se aplica">
        <p>
          Esta política vale para o site e o app do Bora Jogar, plataforma de jogos organizados de vôlei e outros esportes. O Bora Jogar é o
          controlador dos dados pessoais tratados aqui.
        </p>
        <p>
          O serviço é destinado a <strong>pessoas com {minimumAge} anos ou mais</strong>. Menores de {minimumAge} anos só podem usar com o
          consentimento dos pais ou responsáveis, como dizem os{' '}
          <Link to="/terms" className={textLinkClasses}>
            Termos de Uso
          </Link>
          .
        </p>
      </DocumentSection>

      <DocumentSection number={2} title="Dados que coletamos">
        <ul>
          <li>
            <strong>Cadastro:</strong> nome completo, e-mail, telefone (pedimos o telefone para que o organizador do jogo consiga falar com
            você) e sua senha, guardada só de forma cifrada (hash).
          </li>
          <li>
            <strong>Informações de pagamento:</strong> valores, forma de pagamento (créditos, cartão ou PIX), situação de cada pagamento e o
            histórico do seu saldo de créditos.
          </li>
          <li>
            <strong>Uso do serviço:</strong> jogos em que você se inscreveu, lista de espera, cancelamentos e pedidos de reembolso, convites
            e notificações.
          </li>
          <li>
            <strong>Login com Google:</strong> se você escolher essa opção, recebemos do Google seu nome, e-mail e um identificador da sua
            conta Google.
          </li>
          <li>
            <strong>E-mails enviados:</strong> uma cópia dos e-mails que mandamos para você (avisos de jogos e códigos de recuperação).
          </li>
        </ul>
        <p>
          Você pode baixar uma cópia de tudo isso a qualquer momento em <strong>Meu perfil → Baixar meus dados</strong>.
        </p>
      </DocumentSection>

      <DocumentSection number={3} title="Como usamos seus dados">
        <ul>
          <li>Criar e manter sua conta e deixar você entrar com segurança.</li>
          <li>Fazer suas inscrições, gerenciar a lista de espera e mostrar seus jogos.</li>
          <li>Processar pagamentos, créditos e reembolsos.</li>
          <li>
            Enviar avisos sobre seus jogos (confirmações, vagas abertas, mudanças e cancelamentos) e o código de recuperação de senha.
          </li>
          <li>Responder pedidos de suporte, prevenir fraudes e cumprir obrigações legais.</li>
        </ul>
        <p>Não vendemos seus dados e não os usamos para publicidade.</p>
      </DocumentSection>

      <DocumentSection number={4} title="Bases legais">
        <p>
          Tratamos dados para executar o contrato com você (a conta, as inscrições e os pagamentos), para cumprir obrigações legais e
          regulatórias, pelo nosso legítimo interesse em manter o serviço seguro e, quando for o caso, com o seu consentimento, que pode ser
          revogado a qualquer momento.
        </p>
      </DocumentSection>

      <DocumentSection number={5} title="Pagamentos">
        <p>
          Pagamentos com cartão passam por um provedor de pagamentos com cartão, o <strong>Stripe</strong>; pagamentos via PIX passam pelo{' '}
          <strong>Mercado Pago</strong>. Você digita os dados do cartão na página do provedor:{' '}
          <strong>nunca guardamos o número do seu cartão</strong>. Recebemos apenas a confirmação, o valor e a situação do pagamento.
        </p>
      </DocumentSection>

      <DocumentSection number={6} title="Com quem compartilhamos">
        <ul>
          <li>
            <strong>Organizadores:</strong> o organizador de um jogo em que você se inscreve vê seu nome e os dados de contato necessários
            para organizar a partida.
          </li>
          <li>
            <strong>Provedores de pagamento:</strong> Stripe (cartão) e Mercado Pago (PIX), só o necessário para processar o pagamento.
          </li>
          <li>
            <strong>Serviços que fazem o Bora Jogar funcionar:</strong> hospedagem e envio de e-mails, sob contrato e com o mesmo cuidado.
          </li>
          <li>
            <strong>Autoridades:</strong> quando a lei ou uma ordem judicial exigir.
          </li>
        </ul>
      </DocumentSection>

      <DocumentSection number={7} title="Cookies e armazenamento local">
        <p>
          Não usamos cookies de publicidade nem de rastreamento. Para o site funcionar, guardamos algumas informações no armazenamento local
          do seu navegador (localStorage):
        </p>
        <dl className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {browserStorage.map(({ key, purpose }) => (
            <div key={key} className="p-4 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
              <dt>
                <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100">
                  {key}
                </code>
              </dt>
              <dd className="mt-1 sm:mt-0">{purpose}</dd>
            </div>
          ))}
        </dl>
        <p>
          O navegador também guarda uma cópia da página “Você está offline”, mostrada quando a conexão cai; ela não contém dados pessoais.
          Você pode apagar tudo isso a qualquer momento nas configurações do navegador (você sairá da conta).
        </p>
      </DocumentSection>

      <DocumentSection number={8} title="Por quanto tempo guardamos">
        <p>Guardamos seus dados enquanto sua conta estiver ativa, e apagamos sozinhos o que não é mais necessário:</p>
        <RetentionPeriods />
        <p>
          Você pode excluir sua conta quando quiser em <strong>Meu perfil → Excluir conta</strong>. Na hora, apagamos seu nome, e-mail,
          telefone, senha e o vínculo com o Google, suas notificações, convites e as cópias dos e-mails enviados, e seu nome sai dos e-mails
          guardados que enviamos a outras pessoas; suas inscrições em jogos futuros são canceladas, e os jogos e rachas semanais que você
          organiza e ainda não aconteceram também, com reembolso integral a quem se inscreveu. Para a contabilidade e as obrigações legais,{' '}
          <strong>ficam guardados sem nenhum dado pessoal</strong> o histórico de créditos, os pagamentos, os pedidos de reembolso e as
          inscrições em jogos que já aconteceram. Depois da exclusão, o mesmo e-mail pode criar uma conta nova.
        </p>
      </DocumentSection>

      <DocumentSection number={9} title="Segurança">
        <p>
          Usamos conexão criptografada (HTTPS), guardamos senhas apenas de forma cifrada (hash) e limitamos o acesso aos dados a quem
          precisa deles para operar o serviço. Nenhum sistema é 100% invulnerável: se houver um incidente que afete você, avisaremos.
        </p>
      </DocumentSection>

      <DocumentSection number={10} title="Seus direitos pela LGPD">
        <p>
          Pela Lei Geral de Proteção de Dados (<strong>Lei 13.709/2018</strong>), você pode pedir a qualquer momento:
        </p>
        <ul>
          <li>confirmação de que tratamos seus dados e acesso a eles;</li>
          <li>correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>anonimização, bloqueio ou eliminação de dados desnecessários ou tratados em desacordo com a lei;</li>
          <li>portabilidade dos dados e informação sobre com quem os compartilhamos;</li>
          <li>eliminação dos dados tratados com seu consentimento e revogação desse consentimento.</li>
        </ul>
        <p>Você também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).</p>
      </DocumentSection>

      <DocumentSection number={11} title="Contato">
        <p>
          Para exercer seus direitos ou tirar dúvidas sobre esta política, escreva para{' '}
          <a href={`mailto:${contactEmail}`} className={textLinkClasses}>
            {contactEmail}
          </a>{' '}
          ou veja a página de{' '}
          <Link to="/support" className={textLinkClasses}>
            Suporte
          </Link>
          .
        </p>
      </DocumentSection>

      <DocumentSection number={12} title="Alterações desta política">
        <p>
          Podemos atualizar esta política para refletir mudanças no serviço ou na lei. A data da última atualização fica no topo da página;
          mudanças importantes serão avisadas na plataforma.
        </p>
      </DocumentSection>
    </DocumentPage>
  );
}
