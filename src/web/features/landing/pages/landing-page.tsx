import { CalendarCheck, Users, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';

const highlights = [
  { icon: CalendarCheck, title: 'Jogos marcados', text: 'Data, hora, local e vagas à vista. Sem grupo lotado de mensagens.' },
  { icon: Users, title: 'Lista de espera', text: 'Jogo lotado? Entre na fila e a gente avisa quando abrir vaga.' },
  { icon: Wallet, title: 'Pagamento simples', text: 'Créditos, cartão ou PIX. R$ 1 = 1 crédito, sem taxas.' },
];

export function LandingPage() {
  useDocumentTitle();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-12">
      <section className="rounded-3xl bg-brand-700 px-6 py-12 text-white sm:px-10 sm:py-16 dark:bg-brand-900">
        <h1 className="max-w-2xl text-3xl font-extrabold tracking-tight sm:text-5xl">Bora jogar vôlei?</h1>
        <p className="mt-4 max-w-xl text-lg text-brand-50">
          Encontre jogos organizados perto de você, garanta sua vaga e pague sem complicação.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/public-games" className={buttonClasses('secondary', 'lg', 'border-white')}>
            Ver jogos abertos
          </Link>
          <Link to="/register" className={buttonClasses('ghost', 'lg', 'text-white ring-1 ring-white/70 hover:bg-white/10 dark:text-white dark:hover:bg-white/10')}>
            Criar conta grátis
          </Link>
        </div>
      </section>
      <section aria-labelledby="how" className="space-y-6">
        <h2 id="how" className="text-2xl font-bold">
          Como funciona
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {highlights.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
              <Icon className="size-7 text-brand-700 dark:text-brand-300" aria-hidden="true" />
              <p className="mt-3 text-lg font-semibold">{title}</p>
              <p className="mt-1 text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
