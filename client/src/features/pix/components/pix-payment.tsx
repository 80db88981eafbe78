import { formatCurrency } from '@vizinhanca/shared/format/format';
import { PIX_KEY_TYPE_LABELS } from '@vizinhanca/shared/pix/pix-key.constants';
import type { OrderPixPart } from '@vizinhanca/shared/pix/pix-key.schema';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { useOrderPix } from '../hooks/use-pix.ts';
import '../../../looks.css';
import '../pix.css';

const PIX_PARTS: { value: OrderPixPart; label: string }[] = [
  { value: 'rent', label: 'Aluguel' },
  { value: 'deposit', label: 'Caução' },
];

/** The code drawn as an SVG QR code, in the browser (no request leaves the app). */
function PixQrCode({ code }: { code: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((markup) => {
      if (current) setSvg(markup);
    });
    return () => {
      current = false;
    };
  }, [code]);
  if (!svg) return <Spinner label="Gerando QR code" />;
  return <img className="pix-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt="QR code do Pix" width={220} height={220} />;
}

/** Copies with the Clipboard API, or by selecting the text where it is missing (plain http). */
async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand('copy');
  }
}

/**
 * 'Pagar com Pix' on an approved order: the owner's static BR Code for the exact amount, as QR code
 * and text. A rental with a deposit offers the deposit as a code of its own ('Caução').
 */
export function PixPayment({ orderId, depositCents }: { orderId: string; depositCents: number }) {
  const [open, setOpen] = useState(false);
  const [part, setPart] = useState<OrderPixPart>('rent');
  const pix = useOrderPix(orderId, part, open);
  const field = useRef<HTMLTextAreaElement>(null);

  async function copy(code: string) {
    if (await copyText(code, field.current)) toast.success('Código Pix copiado!');
    else toast.error('Não foi possível copiar. Selecione o código e copie.');
  }

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Pagar com Pix
      </Button>
      <Dialog open={open} title="Pagar com Pix" onClose={() => setOpen(false)}>
        {depositCents > 0 ? (
          <div className="pix-parts" role="group" aria-label="O que pagar">
            {PIX_PARTS.map(({ value, label }) => (
              <button key={value} type="button" className={`chip${part === value ? ' chip-on' : ''}`} aria-pressed={part === value} onClick={() => setPart(value)}>
                {label}
              </button>
            ))}
          </div>
        ) : null}
        {part === 'deposit' ? <p className="field-hint">A caução é um Pix só dela, separado do aluguel, e volta para você no fim.</p> : null}
        {pix.data ? (
          <div className="pix-payment">
            <p className="pix-amount">{formatCurrency(pix.data.amountCents)}</p>
            <p className="muted">
              Para {pix.data.receiverName} · {PIX_KEY_TYPE_LABELS[pix.data.keyType]} {pix.data.formattedKey}
            </p>
            <PixQrCode code={pix.data.code} />
            <label className="field-label" htmlFor={`pix-code-${orderId}`}>
              Pix copia e cola
            </label>
            <textarea id={`pix-code-${orderId}`} ref={field} className="input pix-code" readOnly rows={4} value={pix.data.code} />
            <Button block onClick={() => void copy(pix.data.code)}>
              Copiar código
            </Button>
            <p className="field-hint">O dinheiro vai direto para o anunciante; o app não recebe pagamentos. Depois de pagar, marque o pedido como pago.</p>
          </div>
        ) : pix.isError ? (
          <p role="alert">{errorMessage(pix.error)}</p>
        ) : (
          <Spinner label="Gerando código Pix" />
        )}
        <div className="dialog-footer">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Fechar
          </Button>
        </div>
      </Dialog>
    </>
  );
}
