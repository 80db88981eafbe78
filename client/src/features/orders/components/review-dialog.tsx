import { RATING_MAX, REVIEW_COMMENT_MAX_LENGTH, REVIEW_WINDOW_DAYS } from '@vizinhanca/shared/reviews/review.schema';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { StarIcon } from '../../../components/ui/icons.tsx';
import type { OrderItem } from '@vizinhanca/shared/orders/order.schema';
import { useCreateReview } from '../hooks/use-order-actions.ts';
import { orderTitle } from '../order-format.ts';
import { OrderDialogSubject } from './order-card-parts.tsx';

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);
const RATING_WORDS = ['', 'Ruim', 'Regular', 'Bom', 'Muito bom', 'Excelente'];

interface ReviewDialogProps {
  /** The completed order being reviewed and who is reviewed (the owner or the requester), or null when closed. */
  order: { id: string; title: string; personName: string; reviewing: 'owner' | 'requester' } | null;
  sending: boolean;
  /** Sends the review; done() closes the dialog once it is saved. */
  onSend: (review: { rating: number; comment: string }, done: () => void) => void;
  onClose: () => void;
}

/**
 * The review dialog (docs/product.md §6.1): 1 to 5 stars (required), an optional comment
 * with a live counter; 'Enviar Avaliação' waits for a rating and for the request.
 * The stars are native radio buttons: arrow keys move between them.
 */
export function ReviewDialog({ order, sending, onSend, onClose }: ReviewDialogProps) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');

  function reset() {
    setRating(0);
    setComment('');
  }

  function close() {
    if (sending) return;
    reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rating === 0) return;
    onSend({ rating, comment }, () => {
      reset();
      onClose();
    });
  }

  return (
    <Dialog
      open={order !== null}
      title="Avaliar"
      description={
        order
          ? `Como foi o pedido com ${order.personName}? A avaliação aparece no perfil ${order.reviewing === 'owner' ? 'do anunciante' : 'de quem pediu'} quando vocês dois avaliarem, ou em até ${REVIEW_WINDOW_DAYS} dias.`
          : undefined
      }
      onClose={close}
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        {order ? <OrderDialogSubject title={order.title} /> : null}
        <fieldset className="orders-review-stars">
          <legend className="field-label">Nota</legend>
          <div className="orders-review-stars-row">
            {STARS.map((value) => (
              <label key={value} className={`orders-review-star${value <= rating ? ' orders-review-star-on' : ''}`}>
                <input
                  type="radio"
                  name="review-rating"
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  aria-label={value === 1 ? '1 estrela' : `${value} estrelas`}
                  required
                />
                <StarIcon />
              </label>
            ))}
            <span className="orders-review-stars-word" aria-hidden="true">
              {rating ? RATING_WORDS[rating] : 'Escolha de 1 a 5'}
            </span>
          </div>
        </fieldset>
        <TextAreaField
          id="review-comment"
          label="Comentário (opcional)"
          placeholder="Conte como foi: o item, a entrega, a conversa..."
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          rows={4}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          hint={`${comment.length}/${REVIEW_COMMENT_MAX_LENGTH} caracteres`}
        />
        <div className="dialog-footer">
          <Button variant="outline" onClick={close} disabled={sending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={rating === 0} loading={sending}>
            Enviar Avaliação
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The review dialog of an order card: the user reviews the other side of `order` (null: closed). */
export function OrderReviewDialog({ order, reviewing, onClose }: { order: OrderItem | null; reviewing: 'owner' | 'requester'; onClose: () => void }) {
  const review = useCreateReview();
  return (
    <ReviewDialog
      order={order ? { id: order.id, title: orderTitle(order), personName: order.counterpart.fullName, reviewing } : null}
      sending={review.sending}
      onSend={(values, done) => {
        if (order) review.send(order, values, done);
      }}
      onClose={onClose}
    />
  );
}
