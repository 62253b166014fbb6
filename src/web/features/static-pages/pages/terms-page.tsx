import { CircleCheck, CircleX, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { contactEmail, minimumAge, refundWindowHours } from '../../../lib/site-info';
import { DocumentPage, DocumentSection, LAST_UPDATED, textLinkClasses } from '../components/document-page';

const refundCases = [
  {
    icon: CircleCheck,
    tone: 'text-green-700 dark:text-green-400',
    title: `Cancelou com ${refundWindowHours} horas ou mais de antecedência`,
    text: 'Você recebe o valor de volta: em créditos, em até 1 dia útil; no cartão ou PIX, em até 7 dias úteis.',
  },
  {
    icon: CircleX,
    tone: 'text-red-700 dark:text-red-400',
    title: `Cancelou nas últimas ${refundWindowHours} horas`,
    text: 'Não há reembolso: a vaga foi reservada para você e dificilmente é preenchida a tempo.',
  },
  {
    icon: Undo2,
    tone: 'text-brand-700 dark:text-brand-300',
    title: 'O organizador ou o Bora Jogar cancelou o jogo',
    text: 'Reembolso integral, não importa a antecedência.',
  },
];

export function TermsPage() {
  return (
    <DocumentPage
      title="Termos de Uso"
      intro="As regras do Bora Jogar, em português claro: quem pode usar, como funcionam inscrições, créditos, pagamentos e reembolsos."
      updated={LAST_UPDATED}
    >
      <DocumentSection number={1} title="O que é o Bora Jogar">
        <p>
          O Bora Jogar é uma plataforma para encontrar, entrar e pagar jogos organizados de vôlei e outros esportes. Organizadores publicam
          jogos com data, local, preço e número de vagas; jogadores se inscrevem, entram na lista de espera quando o jogo lota e pagam pela
          plataforma ou diretamente ao organizador. Ao criar uma conta ou usar o serviço, você concorda com estes termos.
        </p>
      </DocumentSection>

      <DocumentSection number={2} title="Quem pode usar">
        <p>
          Para usar o Bora Jogar é preciso ter <strong>{minimumAge} anos ou mais</strong>, ou ter o{' '}
          <strong>consentimento dos pais ou responsáveis</strong>, que respondem pelo uso da conta.
        </p>
        <ul>
          <li>Informe dados verdadeiros e mantenha seu telefone e e-mail atualizados.</li>
          <li>A conta é pessoal: não compartilhe sua senha nem inscreva outra pessoa no seu nome.</li>
        </ul>
      </DocumentSection>

      <DocumentSection number={3} title="Inscrições, vagas e lista de espera">
        <ul>
          <li>Cada jogo tem um número limitado de vagas. A vaga é sua quando a inscrição aparece como confirmada.</li>
          <li>
            Com o jogo lotado, você pode entrar na lista de espera. Se abrir uma vaga, ela vai para o primeiro da fila; quando é preciso
            pagar, a vaga fica reservada por um prazo e, se o pagamento não chegar, passa para o próximo.
          </li>
          <li>Você pode sair da lista de espera quando quiser, sem custo.</li>
        </ul>
      </DocumentSection>

      <DocumentSection number={4} title="Créditos">
        <ul>
          <li>
            <strong>R$ 1 = 1 crédito, sem taxas.</strong> O valor mínimo para adicionar é <strong>R$ 1</strong>.
          </li>
          <li>Os créditos ficam no seu saldo e servem para pagar inscrições na plataforma.</li>
          <li>Reembolsos de jogos pagos com créditos voltam para o seu saldo.</li>
        </ul>
      </DocumentSection>

      <DocumentSection number={5} title="Pagamentos">
        <p>
          Na plataforma, você paga com créditos, cartão (processado pelo Stripe) ou PIX (pelo Mercado Pago). O Bora Jogar não vê nem guarda
          o número do seu cartão.
        </p>
        <p>
          <strong>Pagamentos por fora:</strong> alguns jogos são pagos diretamente ao organizador, fora da plataforma. Nesses casos a
          cobrança, o recibo e qualquer devolução são combinados entre jogador e organizador; o Bora Jogar não participa nem responde por
          esses valores.
        </p>
      </DocumentSection>

      <DocumentSection number={6} title="Cancelamento e reembolso">
        <p>Para jogos pagos pela plataforma:</p>
        <ul className="mt-4! list-none! pl-0! *:mt-3!">
          {refundCases.map(({ icon: Icon, tone, title, text }) => (
            <li key={title} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
              <Icon className={`mt-0.5 size-6 shrink-0 ${tone}`} aria-hidden="true" />
              <div>
                <p className="mt-0! font-semibold text-slate-900 dark:text-white">{title}</p>
                <p className="mt-1!">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <p>
          O prazo conta até o horário marcado para o início do jogo. Para cancelar, use a opção de cancelamento no seu perfil ou na página
          do jogo.
        </p>
      </DocumentSection>

      <DocumentSection number={7} title="Conduta">
        <ul>
          <li>Trate todos com respeito, dentro e fora da quadra. Ofensas, assédio e discriminação não são tolerados.</li>
          <li>Chegue no horário, respeite as regras do local e avise cancelando a inscrição se não puder ir.</li>
          <li>Organizadores devem publicar informações corretas sobre data, local, preço e vagas, e cumprir o que anunciaram.</li>
          <li>Contas que descumprirem estes termos podem ser suspensas ou encerradas.</li>
        </ul>
      </DocumentSection>

      <DocumentSection number={8} title="Saúde e segurança">
        <p>
          Esporte tem risco de lesão. Jogue dentro dos seus limites e respeite as orientações do organizador e do local. Cada jogo é
          realizado pelo seu organizador, responsável pelo local e pela partida.
        </p>
      </DocumentSection>

      <DocumentSection number={9} title="Privacidade">
        <p>
          Como tratamos seus dados está na{' '}
          <Link to="/privacy" className={textLinkClasses}>
            Política de Privacidade e Cookies
          </Link>
          .
        </p>
      </DocumentSection>

      <DocumentSection number={10} title="Mudanças e contato">
        <p>
          Podemos atualizar estes termos; mudanças importantes serão avisadas na plataforma antes de valer. Dúvidas sobre um jogo, um
          pagamento ou qualquer outro assunto:{' '}
          <a href={`mailto:${contactEmail}`} className={textLinkClasses}>
            {contactEmail}
          </a>
          .
        </p>
      </DocumentSection>
    </DocumentPage>
  );
}
