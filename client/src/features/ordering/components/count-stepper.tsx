import type { ReactNode } from 'react';
import { wholeNumberProps } from '../../../components/ui/field.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { MinusIcon } from '../../../components/ui/secondary-icons.tsx';

interface CountStepperProps {
  id: string;
  label: string;
  /** As typed: the field may hold something out of range until the form checks it. */
  value: string;
  min: number;
  max: number;
  decreaseLabel: string;
  increaseLabel: string;
  onChange: (next: string) => void;
  hint?: ReactNode;
  error?: string;
}

/**
 * A whole number with '−' and '+' beside the field (a portion count, a service's hours):
 * big targets on a phone, and the field still takes a typed number.
 */
export function CountStepper({ id, label, value, min, max, decreaseLabel, increaseLabel, onChange, hint, error }: CountStepperProps) {
  const errorId = `${id}-error`;
  const typed = Number(value);
  // The buttons step from the typed number when it is a whole one in range, else from the minimum.
  const current = Number.isInteger(typed) && typed >= min && typed <= max ? typed : min;
  return (
    <div className="order-quantity">
      <label className="order-section-title" htmlFor={id}>
        {label}
      </label>
      <div className="order-stepper">
        <button type="button" className="order-stepper-button" aria-label={decreaseLabel} disabled={current <= min} onClick={() => onChange(String(current - 1))}>
          <MinusIcon />
        </button>
        <input
          id={id}
          className="input order-stepper-input"
          {...wholeNumberProps(min, max)}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="button" className="order-stepper-button" aria-label={increaseLabel} disabled={current >= max} onClick={() => onChange(String(current + 1))}>
          <PlusIcon />
        </button>
      </div>
      {hint ? <p className="order-quantity-hint">{hint}</p> : null}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
