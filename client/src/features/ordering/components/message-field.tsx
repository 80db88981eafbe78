import { ORDER_MESSAGE_MAX_LENGTH } from '@vizinhanca/shared/orders/order.constants';
import { TextAreaField } from '../../../components/ui/field.tsx';

/** 'Mensagem (opcional)': a note the owner reads with the order. */
export function MessageField({ id, value, error, onChange }: { id: string; value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <TextAreaField
      id={id}
      label="Mensagem (opcional)"
      placeholder="Conte para o anunciante o que precisa, horários, dúvidas..."
      rows={3}
      maxLength={ORDER_MESSAGE_MAX_LENGTH}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
