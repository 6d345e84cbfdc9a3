import type { ReactNode } from "react";

interface RadioGroupProps<T extends string> {
  legend: string;
  /** The radios' shared `name`. */
  name: string;
  options: readonly T[];
  value: T | null;
  onChange: (option: T) => void;
  /** The visible label of one option, which is also its accessible name. */
  label: (option: T) => ReactNode;
  /** Extra classes for the fieldset and for each option's label. */
  className?: string;
  optionClassName?: string;
}

/** A labelled fieldset of radio buttons, one per option. */
export function RadioGroup<T extends string>(props: RadioGroupProps<T>) {
  const { legend, name, options, value, onChange, label, className, optionClassName } = props;
  return (
    <fieldset className={className ? `field ${className}` : "field"}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className={optionClassName ? `radio ${optionClassName}` : "radio"}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {label(option)}
        </label>
      ))}
    </fieldset>
  );
}
