import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

interface DeleteListingDialogProps {
  listing: { id: string; title: string } | null;
  pending: boolean;
  onConfirm: (id: string, done: () => void) => void;
  onClose: () => void;
}

/** 'Excluir' always asks first: the listing leaves every screen (orders keep their history). */
export function DeleteListingDialog({ listing, pending, onConfirm, onClose }: DeleteListingDialogProps) {
  return (
    <Dialog
      open={listing !== null}
      title="Excluir Anúncio"
      description="Tem certeza que deseja excluir este anúncio? Ele sairá de todas as telas e esta ação não pode ser desfeita."
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button variant="danger" loading={pending} onClick={() => listing && onConfirm(listing.id, onClose)}>
            Excluir
          </Button>
        </>
      }
    >
      {listing ? (
        <p className="dialog-subject">
          Anúncio <strong>{listing.title}</strong>
        </p>
      ) : null}
    </Dialog>
  );
}
