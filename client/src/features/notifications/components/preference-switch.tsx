import { useId } from 'react';

interface PreferenceSwitchProps {
  label: string;
  description: string;
  checked: boolean | undefined;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** One switch of the notification preferences (a checkbox with the switch role: its label is its name). */
export function PreferenceSwitch({ label, description, checked, onChange, disabled }: PreferenceSwitchProps) {
  const id = useId();
  return (
    <div className="preference-row">
      <div className="preference-text">
        <label htmlFor={id} className="preference-label">
          {label}
        </label>
        <p id={`${id}-description`} className="preference-description">
          {description}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        aria-describedby={`${id}-description`}
        checked={checked ?? false}
        disabled={disabled || checked === undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
