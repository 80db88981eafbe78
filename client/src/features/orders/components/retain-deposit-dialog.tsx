import { DEPOSIT_MESSAGES, DEPOSIT_PHOTOS_MAX, DEPOSIT_REASON_MAX_LENGTH, settleDepositSchema } from '@vizinhanca/shared/deposits/deposit.schema';
import { formatCurrency, parseCurrencyToCents } from '@vizinhanca/shared/format/format';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { useImageUpload, type UploadedImage } from '../../../hooks/use-image-upload.ts';
import { useDepositActions } from '../hooks/use-deposit.ts';

interface RetainDepositDialogProps {
  orderId: string;
  depositCents: number;
  onClose: () => void;
}

type Errors = Partial<Record<'amount' | 'reason' | 'photos', string>>;

/**
 * 'Caução retida': how much of the deposit the owner kept (more than zero, at most the deposit),
 * why, and up to 5 photos. The shared schema checks as the server will; the server checks the
 * amount against the order's deposit again.
 */
export function RetainDepositDialog({ orderId, depositCents, onClose }: RetainDepositDialogProps) {
  const actions = useDepositActions(orderId);
  const upload = useImageUpload('deposit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<UploadedImage[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  function close() {
    if (!actions.busy) onClose();
  }

  async function addPhoto(event: ChangeEvent<HTMLInputElement>) {
    const image = await upload.uploadPicked(event, (message) => setErrors((current) => ({ ...current, photos: message })));
    if (image) setPhotos((current) => [...current, image]);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const retainedCents = parseCurrencyToCents(amount);
    const aboveDeposit = DEPOSIT_MESSAGES.retainedAboveDeposit(depositCents);
    if (retainedCents === null || retainedCents <= 0 || retainedCents > depositCents) {
      setErrors({ amount: amount.trim() ? aboveDeposit : DEPOSIT_MESSAGES.retainedRequired });
      return;
    }
    const parsed = settleDepositSchema.safeParse({ orderId, outcome: 'retained', retainedCents, reason, imageIds: photos.map((photo) => photo.id) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors(issue?.path[0] === 'imageIds' ? { photos: issue.message } : { reason: issue?.message });
      return;
    }
    setErrors({});
    actions.settle(parsed.data, onClose);
  }

  return (
    <Dialog open title="Caução retida" description={`A caução deste pedido é de ${formatCurrency(depositCents)}. O app só registra o que vocês combinaram.`} onClose={close}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          id="deposit-retained"
          label="Valor retido (R$)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          value={amount}
          onChange={(event) => setAmount(event.target.value.replace(/[^\d.,]/g, ''))}
          error={errors.amount}
          hint={`Até ${formatCurrency(depositCents)}.`}
        />
        <TextAreaField
          id="deposit-reason"
          label="Motivo"
          placeholder="Ex: a broca voltou quebrada"
          maxLength={DEPOSIT_REASON_MAX_LENGTH}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
        />
        <div className="field">
          <span className="field-label">Fotos (opcional, até {DEPOSIT_PHOTOS_MAX})</span>
          {photos.length ? (
            <ul className="orders-deposit-photos" aria-label="Fotos escolhidas">
              {photos.map((photo, index) => (
                <li key={photo.id}>
                  <img src={photo.cardUrl} alt={`Foto ${index + 1} escolhida`} width={72} height={72} />
                </li>
              ))}
            </ul>
          ) : null}
          {photos.length < DEPOSIT_PHOTOS_MAX ? (
            <label className="orders-deposit-add-photo">
              <input type="file" accept="image/*" className="visually-hidden" onChange={(event) => void addPhoto(event)} disabled={upload.isUploading} />
              <span className={buttonClassName({ variant: 'outline', size: 'sm' })}>{upload.isUploading ? 'Enviando foto…' : 'Adicionar foto'}</span>
            </label>
          ) : null}
          {errors.photos ? (
            <p className="field-error" role="alert">
              {errors.photos}
            </p>
          ) : null}
        </div>
        <div className="dialog-footer">
          <Button variant="outline" onClick={close} disabled={actions.busy}>
            Cancelar
          </Button>
          <Button type="submit" loading={actions.busy} disabled={upload.isUploading}>
            Registrar retenção
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
