import { createElement, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { keepTypedBeforeHydration } from '../../lib/typed-before-hydration.ts';

/** What every labelled field takes besides its control's own attributes. */
interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}

type ControlAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> | Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/**
 * A labelled control: its visible label tied by id (and 'opcional' when it is), the control,
 * then its error, or else its hint, under it and named by aria-describedby.
 */
function Field({
  control,
  classes,
  id,
  label,
  error,
  hint,
  optional,
  className,
  ...props
}: FieldProps & { control: 'input' | 'textarea'; classes: string } & ControlAttributes) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <div className="field-label-row">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        {optional ? (
          <span className="field-optional" aria-hidden="true">
            opcional
          </span>
        ) : null}
      </div>
      {createElement(control, {
        id,
        // A first screen drawn by the server: what was typed before the script ran reaches the screen's state.
        ref: keepTypedBeforeHydration,
        className: className ? `${classes} ${className}` : classes,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
        ...props,
      })}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input, with its error under it. */
export function TextField(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FieldProps) {
  return <Field control="input" classes="input" {...props} />;
}

export function TextAreaField(props: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & FieldProps) {
  return <Field control="textarea" classes="input textarea" {...props} />;
}

/** A whole number typed on the numeric keyboard, between min and max (portions, hours, quantity). */
export function wholeNumberProps(min: number, max: number) {
  return { type: 'number', inputMode: 'numeric', min, max, step: 1 } as const;
}
