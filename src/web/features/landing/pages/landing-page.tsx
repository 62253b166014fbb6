import { ArrowRight, Check, ListOrdered, Megaphone, RotateCcw, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { FaqList } from '../../../components/ui/faq-list';
import { PageSection } from '../../../components/ui/page-section';
import { faq, refundWindowHours, type FaqTopic } from '../../../lib/site-info';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ActiveCities } from '../components/active-cities';
import { HeroArt } from '../components/hero-art';
import { UpcomingGames } from '../components/upcoming-games';

const heroPoints = ['Cadastro grátis', 'Créditos sem taxas', `Reembolso até ${refundWindowHours} h antes`];

const trustPoints: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: ShieldCheck,
    title: 'Pagamento seguro',
    text: 'Cartão pelo Stripe e PIX pelo Mercado Pago. Cada pagamento fica registrado na sua conta e nunca guardamos o número do seu cartão.',
  },
  {
    icon: RotateCcw,
    title: `Reembolso até ${refundWindowHours} h antes`,
    text: `Imprevisto? Cancele com ${refundWindowHours} horas ou mais de antecedência e o valor volta. Se o jogo for cancelado, o reembolso é integral.`,
  },
  {
    icon: ListOrdered,
    title: 'Lista de espera automática',
    text: 'Lotou? Entre na fila. Se alguém sair, a vaga vai para o próximo da lista e você recebe o aviso. Sem disputa no grupo.',
  },
];

const steps: ReadonlyArray<{ title: string; text: string }> = [
  { title: 'Escolha o jogo', text: 'Data, horário, local, preço e vagas restantes à vista, no celular.' },
  { title: 'Garanta sua vaga', text: 'Pague com créditos, cartão ou PIX, ou direto ao organizador quando o jogo é assim.' },
  {
    title: 'É só jogar',
    text: `Sua inscrição fica em Meus jogos. Não vai dar? Cancele até ${refundWindowHours} h antes e receba o reembolso.`,
  },
];

const teaserTopics: FaqTopic[] = ['payment', 'cancellation', 'waitlist'];
const faqTeaser = faq.filter((item) => teaserTopics.includes(item.topic));

const onBrandPrimary =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-white px-6 text-lg font-semibold text-brand-800 ' +
  'transition-colors hover:bg-brand-50 focus-visible:outline-white';
const onBrandSecondary =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-6 text-lg font-semibold text-white ring-1 ring-white/70 ' +
  'transition-colors hover:bg-white/10 focus-visible:outline-white';

function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-brand-700 via-brand-800 to-brand-950 px-6 pt-10 pb-8 text-white sm:px-10 sm:py-14 lg:py-16 dark:from-brand-900 dark:via-brand-950 dark:to-slate-950"
    >
      <HeroArt className="pointer-events-none absolute top-1/2 right-6 -z-10 hidden w-80 -translate-y-1/2 text-white lg:block xl:right-10 xl:w-[24rem]" />
      <div className="max-w-xl xl:max-w-2xl">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
          <span className="size-2.5 rounded-full bg-ball" aria-hidden="true" />
          Jogos de vôlei organizados
        </p>
        <h1 id="hero-title" className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          Seu jogo de vôlei, sem planilha e sem PIX perdido no grupo
        </h1>
        <p className="mt-4 text-lg text-brand-50 sm:text-xl">
          Encontre jogos perto de você, garanta sua vaga em poucos toques e pague com créditos, cartão ou PIX. Tudo pelo celular: você vê as
          vagas, paga e recebe a confirmação.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/public-games" className={onBrandPrimary}>
            Ver jogos abertos
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
          <Link to="/register" className={onBrandSecondary}>
            Criar conta grátis
          </Link>
        </div>
        <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium text-brand-50">
          {heroPoints.map((point) => (
            <li key={point} className="inline-flex items-center gap-1.5">
              <Check className="size-4 text-ball" aria-hidden="true" />
              {point}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** One point of a list of three: its marker (an icon or a step number), title and text. */
function Point({ marker, title, text, className }: { marker: ReactNode; title: string; text: string; className: string }) {
  return (
    <li className={className}>
      {marker}
      <div>
        <h3 className="text-lg font-bold">{title}</h3>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{text}</p>
      </div>
    </li>
  );
}

function TrustPoints() {
  return (
    <PageSection id="confianca" title="Seu dinheiro e sua vaga, sem dor de cabeça" size="lg">
      <ul className="grid gap-4 md:grid-cols-3">
        {trustPoints.map(({ icon: Icon, title, text }) => (
          <Point
            key={title}
            title={title}
            text={text}
            className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 md:flex-col dark:border-slate-800 dark:bg-slate-900"
            marker={
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                <Icon className="size-6" aria-hidden="true" />
              </span>
            }
          />
        ))}
      </ul>
    </PageSection>
  );
}

function HowItWorks() {
  return (
    <PageSection id="como-funciona" title="Como funciona" size="lg">
      <ol className="grid gap-4 md:grid-cols-3">
        {steps.map(({ title, text }, index) => (
          <Point
            key={title}
            title={title}
            text={text}
            className="flex gap-4 md:flex-col"
            marker={
              <span
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-extrabold text-white dark:bg-brand-300 dark:text-slate-950"
                aria-hidden="true"
              >
                {index + 1}
              </span>
            }
          />
        ))}
      </ol>
    </PageSection>
  );
}

function WhereAndOrganise() {
  return (
    <section aria-label="Cidades e organizadores" className="grid gap-6 md:grid-cols-2 md:items-start md:[&>:only-child]:col-span-2">
      <ActiveCities />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
        <Megaphone className="size-7 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <h2 className="mt-3 text-xl font-bold">Organiza um jogo?</h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Publique data, local, preço e vagas. Inscrições, pagamentos e lista de espera se organizam sozinhos, e você para de cobrar um por
          um no grupo.
        </p>
        <Link to="/register" className={buttonClasses('secondary', 'md', 'mt-5')}>
          Criar conta e organizar
        </Link>
      </div>
    </section>
  );
}

function FaqTeaser() {
  return (
    <PageSection id="duvidas" title="Dúvidas frequentes" size="lg">
      <FaqList items={faqTeaser} className="max-w-3xl" />
      <Link
        to="/support"
        className="inline-flex min-h-11 items-center gap-1.5 rounded-xl font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
      >
        Mais perguntas e contato no Suporte
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </PageSection>
  );
}

function FinalCall() {
  return (
    <section aria-labelledby="bora" className="rounded-3xl bg-brand-700 px-6 py-10 text-center text-white sm:px-10 dark:bg-brand-900">
      <h2 id="bora" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        Bora jogar?
      </h2>
      <p className="mx-auto mt-2 max-w-md text-brand-50">Crie sua conta grátis e garanta sua vaga no próximo jogo.</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/register" className={onBrandPrimary}>
          Criar conta grátis
        </Link>
        <Link to="/public-games" className={onBrandSecondary}>
          Ver jogos abertos
        </Link>
      </div>
    </section>
  );
}

export function LandingPage() {
  useDocumentTitle();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-14 sm:space-y-20">
      <Hero />
      <TrustPoints />
      <HowItWorks />
      <UpcomingGames />
      <WhereAndOrganise />
      <FaqTeaser />
      <FinalCall />
    </div>
  );
}
