import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

interface DeleteListingDialogProps {
  open: boolean;
  title: string;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirm of docs/product.md §10.12 before a listing is deleted. */
export function DeleteListingDialog({ open, title, deleting, onConfirm, onClose }: DeleteListingDialogProps) {
  return (
    <Dialog
      open={open}
      title="Excluir anúncio"
      description="Tem certeza que deseja excluir este anúncio?"
      onClose={() => {
        if (!deleting) onClose();
      }}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={deleting}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={deleting}>
            Excluir
          </Button>
        </>
      }
    >
      <p className="dialog-subject">
        <strong>{title}</strong>
      </p>
      <p className="owner-dialog-note">O anúncio some de todas as telas. Pedidos já feitos continuam no histórico.</p>
    </Dialog>
  );
}
