/**
 * A colour picker (the brand colours): react-colorful's saturation and hue sliders (keyboard:
 * arrow keys) with a labelled hex text input beside them, both kept in step. With `alpha`, an
 * opacity slider too and the input takes #rrggbbaa (the default hover colour is #ffffff3b).
 */
import { useId } from 'react';
import { HexAlphaColorPicker, HexColorInput, HexColorPicker } from 'react-colorful';

export interface ColourPickerProps {
  label: string;
  value: string;
  onChange: (hex: string) => void;
  /** Offer opacity (#rrggbbaa). */
  alpha?: boolean;
  disabled?: boolean;
}

export function ColourPicker({ label, value, onChange, alpha = false, disabled = false }: ColourPickerProps) {
  const id = useId();
  const Picker = alpha ? HexAlphaColorPicker : HexColorPicker;
  return (
    <div className="field colour-picker" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      {disabled ? <span className="colour-picker__swatch" style={{ background: value }} aria-hidden="true" /> : <Picker color={value} onChange={onChange} />}
      <label className="sr-only" htmlFor={id}>
        {label} (hex)
      </label>
      <HexColorInput id={id} className="field__input" color={value} onChange={onChange} prefixed alpha={alpha} disabled={disabled} />
    </div>
  );
}
