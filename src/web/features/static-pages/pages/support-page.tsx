import { CalendarSearch, Clock, FileText, Mail, ShieldCheck, UserPlus, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FaqList } from '../../../components/ui/faq-list';
import { useSession } from '../../../lib/session';
import { contactEmail, faq, supportHours, supportReplyHours } from '../../../lib/site-info';
import { DocumentPage, DocumentSection } from '../components/document-page';

type HelpLink = { to: string; label: string; description: string; icon: LucideIcon };

const documentLinks: HelpLink[] = [
  { to: '/terms', label: 'Termos de Uso', description: 'Regras de cancelamento, reembolso e créditos.', icon: FileText },
  { to: '/privacy', label: 'Política de Privacidade', description: 'Quais dados guardamos e por quê.', icon: ShieldCheck },
];

const visitorLinks: HelpLink[] = [
  { to: '/public-games', label: 'Ver jogos abertos', description: 'Veja datas, locais, preços e vagas.', icon: CalendarSearch },
  { to: '/register', label: 'Criar conta', description: 'Grátis, leva menos de um minuto.', icon: UserPlus },
];

// /public-games and /register are visitor routes; a signed-in player would be sent home from them.
const playerLinks: HelpLink[] = [
  { to: '/games', label: 'Ver jogos', description: 'Veja datas, locais, preços e vagas.', icon: CalendarSearch },
];

export function SupportPage() {
  const { kind } = useSession();
  const links = [...documentLinks, ...(kind === 'visitor' ? visitorLinks : playerLinks)];

  return (
    <DocumentPage title="Suporte" intro="Dúvida sobre um jogo, um pagamento ou sua conta? A gente ajuda.">
      <section aria-labelledby="suporte-contato" className="grid gap-4 sm:grid-cols-2">
        <h2 id="suporte-contato" className="sr-only">
          Contato e horários
        </h2>
        <Card className="flex flex-col">
          <Mail className="size-7 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          <p className="mt-3 text-lg font-semibold">Fale com a gente por e-mail</p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Respondemos em até <strong className="text-slate-900 dark:text-white">{supportReplyHours} horas</strong>. Conte o nome do jogo e
            a data, se for sobre um jogo.
          </p>
          <a href={`mailto:${contactEmail}`} className={buttonClasses('primary', 'md', 'mt-5 break-all')}>
            {contactEmail}
          </a>
        </Card>
        <Card>
          <Clock className="size-7 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          <p className="mt-3 text-lg font-semibold">Horário de atendimento</p>
          <dl className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {supportHours.map(({ days, hours }) => (
              <div key={days} className="flex justify-between gap-4 py-2">
                <dt className="text-slate-700 dark:text-slate-300">{days}</dt>
                <dd className="font-semibold">{hours}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </section>

      <DocumentSection title="Perguntas frequentes">
        <FaqList items={faq} className="mt-4" />
      </DocumentSection>

      <DocumentSection title="Links úteis">
        <ul className="mt-4! list-none! pl-0! grid gap-3 sm:grid-cols-2">
          {links.map(({ to, label, description, icon: Icon }) => (
            <li
              key={to}
              className="relative mt-0! flex min-h-16 items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-300 hover:bg-brand-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700 dark:hover:bg-brand-950"
            >
              <Icon className="size-6 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
              <div>
                {/* The whole card is the link's tap area; its name stays just the label. */}
                <Link to={to} className="font-semibold text-slate-900 after:absolute after:inset-0 after:rounded-2xl dark:text-white">
                  {label}
                </Link>
                <p className="mt-0! text-sm text-slate-600 dark:text-slate-400">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </DocumentSection>
    </DocumentPage>
  );
}
