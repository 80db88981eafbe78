import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, optional, children }: FieldFrameProps) {
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
      {children}
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

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
};

/** A labelled input (the label is visible and tied by id), with its error under it. */
export function TextField({ id, label, error, hint, optional, className, ...props }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional}>
      <input
        id={id}
        className={`input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...props}
      />
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
};

export function TextAreaField({ id, label, error, hint, optional, className, ...props }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional}>
      <textarea
        id={id}
        className={`input textarea${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...props}
      />
    </FieldFrame>
  );
}

/** A whole number typed on the numeric keyboard, between min and max (portions, hours, quantity). */
export function wholeNumberProps(min: number, max: number) {
  return { type: 'number', inputMode: 'numeric', min, max, step: 1 } as const;
}
