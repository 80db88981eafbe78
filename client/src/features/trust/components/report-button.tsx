import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons.tsx';
import { useReport } from '../hooks/use-trust.ts';
import '../../../looks.css';

/** The dialog loads when it is opened: the pages that show the button are first screens (docs/decisions/013-first-screen.md). */
const ReportDialog = lazy(() => import('../../../components/report-dialog.tsx').then(({ ReportDialog }) => ({ default: ReportDialog })));

interface ReportButtonProps {
  target: { listingId: string } | { userId: string };
  /** What the dialog names: the listing's title or the neighbour's name. */
  name: string;
}

/** 'Denunciar' a listing or a neighbour, with a reason and an optional text, to the administration. */
export function ReportButton({ target, name }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const { report, reporting } = useReport(target);
  const isListing = 'listingId' in target;
  return (
    <>
      <Button variant="ghost" size="sm" className="trust-action" onClick={() => setOpen(true)}>
        <AlertCircleIcon />
        Denunciar
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            open
            title={isListing ? 'Denunciar anúncio' : 'Denunciar vizinho'}
            description={
              isListing
                ? `O anúncio "${name}" vai para a administração do condomínio, que decide o que fazer.`
                : `A denúncia sobre ${name} vai para a administração do condomínio, que decide o que fazer.`
            }
            sending={reporting}
            onSend={report}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
