import { fieldErrorsOf, errorMessage } from '../../../lib/show-error-toast.ts';
import { PIX_CPF_KEY_WARNING, PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, type PixKeyType } from '@vizinhanca/shared/pix/pix-key.constants';
import { schemasOnDemand } from '../../../lib/schemas-on-demand.ts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { usePixKey } from '../hooks/use-pix.ts';
import '../pix.css';

const pixSchemas = schemasOnDemand(() => import('@vizinhanca/shared/pix/pix-key.schema'));

const PLACEHOLDERS: Record<PixKeyType, string> = {
  cpf: '000.000.000-00',
  phone: '(11) 98765-4321',
  email: 'voce@exemplo.com',
  random: '123e4567-e89b-12d3-a456-426614174000',
};

/** Settings: the Pix key neighbours pay to ('Pagar com Pix' on approved orders). */
export function PixKeySettings() {
  const { key, save, remove } = usePixKey();
  const [type, setType] = useState<PixKeyType>('cpf');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const schemas = await pixSchemas.load();
    if (!schemas) return;
    const parsed = schemas.savePixKeySchema.safeParse({ type, key: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(
      { type, key: value },
      {
        onSuccess: () => setValue(''),
        onError: (failure) => setError(fieldErrorsOf(failure).key ?? errorMessage(failure)),
      },
    );
  }

  return (
    <Card className="pix-settings">
      <h2 className="pix-settings-title">Chave Pix</h2>
      <p className="muted">Quem fizer um pedido aprovado seu verá &apos;Pagar com Pix&apos; com o valor exato. O app não recebe nem guarda dinheiro.</p>
      {key.data ? (
        <div className="pix-current">
          <p>
            <span className="muted">{PIX_KEY_TYPE_LABELS[key.data.type]}: </span>
            <strong>{key.data.formatted}</strong>
          </p>
          <Button variant="danger-outline" size="sm" loading={remove.isPending} onClick={() => remove.mutate()}>
            Remover chave
          </Button>
        </div>
      ) : key.isSuccess ? (
        <p className="pix-none">Nenhuma chave Pix cadastrada.</p>
      ) : null}
      <form className="form" onFocus={pixSchemas.preload} onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className="pix-types">
          <legend className="field-label">Tipo da chave</legend>
          {PIX_KEY_TYPES.map((option) => (
            <label key={option} className={`pix-type${type === option ? ' pix-type-on' : ''}`}>
              <input
                type="radio"
                name="pix-key-type"
                value={option}
                checked={type === option}
                onChange={() => {
                  setType(option);
                  setError(undefined);
                }}
              />
              {PIX_KEY_TYPE_LABELS[option]}
            </label>
          ))}
        </fieldset>
        {type === 'cpf' || key.data?.type === 'cpf' ? <p className="notice notice-compact notice-warning pix-cpf-warning">{PIX_CPF_KEY_WARNING}</p> : null}
        <TextField
          id="pix-key"
          label={key.data ? 'Nova chave Pix' : 'Chave Pix'}
          placeholder={PLACEHOLDERS[type]}
          inputMode={type === 'cpf' || type === 'phone' ? 'numeric' : type === 'email' ? 'email' : 'text'}
          autoComplete="off"
          value={value}
          error={error}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" loading={save.isPending}>
          Salvar chave Pix
        </Button>
      </form>
    </Card>
  );
}
