import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useBlocks } from '../hooks/use-trust.ts';
import '../../../looks.css';

interface BlockButtonProps {
  person: { id: string; fullName: string };
  /** After the block: where the screen goes (the neighbour's page is gone for both). */
  onBlocked?: () => void;
}

/** 'Bloquear' a neighbour, asked first: neither sees the other any more; the person is not told. */
export function BlockButton({ person, onBlocked }: BlockButtonProps) {
  const [asking, setAsking] = useState(false);
  const { block } = useBlocks();
  const close = () => setAsking(false);
  return (
    <>
      <Button variant="danger-outline" size="sm" className="trust-action" onClick={() => setAsking(true)}>
        Bloquear
      </Button>
      <Dialog
        open={asking}
        title={`Bloquear ${person.fullName}?`}
        description="Vocês não verão mais os anúncios nem a página um do outro, e nenhum dos dois poderá fazer pedidos ou mandar mensagens ao outro. Pedidos já em andamento seguem até o fim. A pessoa não é avisada."
        onClose={close}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              loading={block.isPending}
              onClick={() =>
                block.mutate(
                  { userId: person.id },
                  {
                    onSuccess: () => {
                      close();
                      onBlocked?.();
                    },
                  },
                )
              }
            >
              Bloquear
            </Button>
          </>
        }
      />
    </>
  );
}
