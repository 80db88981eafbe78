import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';

interface DeleteListingDialogProps {
  /** The listing to delete; null keeps the dialog closed. */
  listing: { id: string; title: string } | null;
  pending: boolean;
  onConfirm: (id: string) => void;
  onClose: () => void;
}

/** 'Excluir' always asks first (docs/product.md §10.12), for the owner and for moderators alike. */
export function DeleteListingDialog({ listing, pending, onConfirm, onClose }: DeleteListingDialogProps) {
  return (
    <Dialog
      open={listing !== null}
      title="Excluir anúncio"
      description="Tem certeza que deseja excluir este anúncio?"
      onClose={() => {
        if (!pending) onClose();
      }}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button variant="danger" loading={pending} onClick={() => listing && onConfirm(listing.id)}>
            Excluir
          </Button>
        </>
      }
    >
      {listing ? (
        <p className="dialog-subject">
          <strong>{listing.title}</strong>
        </p>
      ) : null}
      <p className="dialog-note">O anúncio some de todas as telas. Pedidos já feitos continuam no histórico.</p>
    </Dialog>
  );
}
