interface RadioGroupFieldProps<Option extends string> {
  /** Names the radios and the error under them. */
  id: string;
  legend: string;
  options: readonly Option[];
  labels: Record<Option, string>;
  value: Option | null;
  onChange: (option: Option) => void;
  error?: string;
}

/** One choice among a few, one under the other with its legend (each a 44 px target), and the error under them. */
export function RadioGroupField<Option extends string>({ id, legend, options, labels, value, onChange, error }: RadioGroupFieldProps<Option>) {
  const errorId = `${id}-error`;
  return (
    <fieldset className="report-reasons" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="report-reason">
          <input type="radio" name={id} value={option} checked={value === option} onChange={() => onChange(option)} />
          {labels[option]}
        </label>
      ))}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
