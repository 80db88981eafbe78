import { formatDateTime } from '@vizinhanca/shared/format/format';
import { HANDOVER_STAGE_LABELS, type HandoverCondition } from '@vizinhanca/shared/orders/handover-condition.schema';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { useConfirmCondition } from '../hooks/use-order-actions.ts';

interface HandoverConditionsProps {
  orderId: string;
  side: 'owner' | 'requester';
  conditions: HandoverCondition[];
}

/**
 * The item's condition the owner recorded when it changed hands ('Estado na entrega',
 * 'Estado na devolução'): the note and photos, and the requester's 'Confirmo o estado'.
 * Each stage's actions row is where 'Abrir problema' stands beside the confirmation.
 */
export function HandoverConditions({ orderId, side, conditions }: HandoverConditionsProps) {
  const { confirm, busyKey } = useConfirmCondition();
  if (conditions.length === 0) return null;
  return (
    <>
      {conditions.map((condition) => {
        const label = HANDOVER_STAGE_LABELS[condition.stage];
        const headingId = `estado-${orderId}-${condition.stage}`;
        return (
          <section key={condition.stage} className="handover-condition" aria-labelledby={headingId}>
            <h3 className="handover-condition-title" id={headingId}>
              {label}
            </h3>
            <p className="handover-condition-when">
              Registrado em <time dateTime={condition.recordedAt.toISOString()}>{formatDateTime(condition.recordedAt)}</time>
            </p>
            {condition.note ? <p className="handover-condition-note">{condition.note}</p> : null}
            {condition.photos.length ? (
              <ul className="handover-photos" aria-label={`Fotos: ${label}`}>
                {condition.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a href={photo.detailUrl} target="_blank" rel="noopener noreferrer">
                      <img src={photo.cardUrl} alt={`Foto ${index + 1}: ${label.toLowerCase()}`} loading="lazy" />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="handover-condition-actions">
              {condition.confirmedAt ? (
                <Badge variant="success">
                  <CheckIcon />
                  {side === 'requester' ? 'Você confirmou o estado' : 'Estado confirmado por quem pediu'}
                </Badge>
              ) : side === 'requester' ? (
                <Button size="sm" onClick={() => confirm(orderId, condition.stage)} loading={busyKey === `${orderId}-${condition.stage}`}>
                  Confirmo o estado
                </Button>
              ) : (
                <p className="muted handover-condition-waiting">Aguardando a confirmação de quem pediu</p>
              )}
            </div>
          </section>
        );
      })}
    </>
  );
}
