import { BILLING_MESSAGES } from '@vizinhanca/shared/billing/billing.schema';
import { parseCurrencyToCents } from '@vizinhanca/shared/format/format';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldErrorsOf } from '../../../lib/show-error-toast.ts';
import { useCreateBilling } from '../hooks/use-admin-billing.ts';

/** 'Nova cobrança' for the person open in the dialog (billing is not active: no one is charged by the app). */
export function NewBillingForm({ userId }: { userId: string }) {
  const create = useCreateBilling();
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [autoRenewal, setAutoRenewal] = useState(false);
  const [amountError, setAmountError] = useState<string | undefined>();
  const errors = create.error ? fieldErrorsOf(create.error) : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    const amountCents = parseCurrencyToCents(amount);
    if (amountCents === null || amountCents <= 0) {
      setAmountError(BILLING_MESSAGES.invalidAmount);
      return;
    }
    setAmountError(undefined);
    create.mutate(
      { userId, amountCents, dueDate, autoRenewal },
      {
        onSuccess: () => {
          setAmount('');
          setDueDate('');
          setAutoRenewal(false);
        },
      },
    );
  }

  return (
    <form className="admin-user-form admin-user-danger" onSubmit={submit} noValidate aria-labelledby="new-billing-title">
      <h3 className="admin-subsection-title" id="new-billing-title">
        Nova cobrança
      </h3>
      <div className="form-row">
        <TextField
          id="new-billing-amount"
          label="Valor (R$)"
          inputMode="decimal"
          placeholder="19,90"
          value={amount}
          error={amountError ?? errors.amountCents}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField id="new-billing-due" label="Vencimento" type="date" value={dueDate} error={errors.dueDate} onChange={(event) => setDueDate(event.target.value)} />
      </div>
      <label className="boxed-row admin-user-check">
        <input type="checkbox" checked={autoRenewal} onChange={(event) => setAutoRenewal(event.target.checked)} />
        Renovação automática
      </label>
      <Button type="submit" variant="secondary" size="sm" loading={create.isPending}>
        Criar cobrança
      </Button>
    </form>
  );
}
