/**
 * A colour picker (the brand colours): react-colorful's saturation and hue sliders (keyboard:
 * arrow keys) with a labelled hex text input beside them, both kept in step.
 */
import { useId } from 'react';
import { HexColorInput, HexColorPicker } from 'react-colorful';

export interface ColourPickerProps {
  label: string;
  value: string;
  onChange: (hex: string) => void;
}

export function ColourPicker({ label, value, onChange }: ColourPickerProps) {
  const id = useId();
  return (
    <div className="field" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      <HexColorPicker color={value} onChange={onChange} />
      <label className="sr-only" htmlFor={id}>
        {label} (hex)
      </label>
      <HexColorInput id={id} className="field__input" color={value} onChange={onChange} prefixed />
    </div>
  );
}
