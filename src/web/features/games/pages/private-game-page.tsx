import { Lock } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/session';
import { storageKeys, writeStorage } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function PrivateGamePage() {
  useDocumentTitle('Jogo privado');
  const { privateLink = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();

  function enterToApply() {
    // Kept until the next sign-in, which brings the visitor back here.
    writeStorage(storageKeys.inviteLink, privateLink);
    navigate('/login');
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <Alert tone="info" title="Acesso por link privado">
        Este jogo não aparece no catálogo: só entra quem recebeu o link.
      </Alert>
      <PageHeader title="Jogo privado" />
      <Card className="space-y-4">
        <div className="flex items-start gap-3">
          <Lock className="size-6 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          <p className="text-slate-700 dark:text-slate-300">Os detalhes deste jogo (data, local, preço e vagas) aparecem aqui em breve.</p>
        </div>
        {!user && (
          <Button onClick={enterToApply} size="lg">
            Entrar para participar
          </Button>
        )}
      </Card>
    </div>
  );
}
