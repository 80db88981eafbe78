import { formatCurrency } from '@vizinhanca/shared/format/format';
import type { PublicListingDetail } from '@vizinhanca/shared/listings/listing.schema';
import { priceUnitSuffix } from '@vizinhanca/shared/listings/listing.rules';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { isDuplicatePending, useCreateOrder } from '../hooks/use-create-order.ts';
import { DeliveryOrderForm } from './delivery-order-form.tsx';
import { RentalOrderForm } from './rental-order-form.tsx';
import '../../../looks.css';
import '../ordering.css';

export interface OrderDialogProps {
  listing: PublicListingDetail;
  /** The button that opened it: 'Solicitar Aluguel', 'Fazer Pedido', 'Solicitar Serviço'. */
  title: string;
  onClose: () => void;
}

/**
 * The order-request dialog (docs/product.md §10.8). Rentals pick a period in a calendar;
 * food and services pick one of the listing's delivery options. The body scrolls
 * and the footer ('Cancelar', 'Enviar Pedido') stays in reach on a phone.
 * Mounted only while open, so every opening starts clean.
 */
export function OrderDialog({ listing, title, onClose }: OrderDialogProps) {
  const formId = useId();
  const createOrder = useCreateOrder(listing.id);
  const close = () => {
    if (!createOrder.isPending) onClose();
  };
  // 'Você já tem um pedido pendente deste anúncio': the same order again, only if the person says so.
  const duplicate = isDuplicatePending(createOrder.error) && createOrder.variables ? createOrder.variables : null;

  return (
    <Dialog
      open
      title={title}
      onClose={close}
      description={
        // The first focusable thing: opening lands here, not in a text field (no keyboard popping up on a phone).
        <p className="order-subject" tabIndex={-1}>
          <span className="order-subject-title">{listing.title}</span>
          <span className="order-subject-price">
            {formatCurrency(listing.priceCents)}
            {priceUnitSuffix(listing.priceUnit)}
          </span>
        </p>
      }
      footer={
        <>
          <Button variant="secondary" size="lg" onClick={close} disabled={createOrder.isPending}>
            Cancelar
          </Button>
          {duplicate ? (
            <Button size="lg" loading={createOrder.isPending} onClick={() => createOrder.mutate({ ...duplicate, confirmDuplicate: true })}>
              Enviar mesmo assim
            </Button>
          ) : (
            <Button type="submit" form={formId} size="lg" loading={createOrder.isPending}>
              Enviar Pedido
            </Button>
          )}
        </>
      }
    >
      {listing.type === 'rental' ? (
        <RentalOrderForm formId={formId} listing={listing} createOrder={createOrder} />
      ) : (
        <DeliveryOrderForm formId={formId} listing={listing} createOrder={createOrder} />
      )}
    </Dialog>
  );
}
