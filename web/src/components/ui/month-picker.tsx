/**
 * A month picker (scan periods, reports): react-datepicker's month grid (full month names, so each month's visible text is part of its
 * accessible name 'Choose January 2026'), the chosen month shown as 'MMM yyyy'.
 * The input is labelled; the grid opens on focus, arrow keys move between months, Enter picks.
 * react-datepicker (with date-fns) is loaded only by the screens that use it.
 */
import { useId } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import './month-picker.css';

export interface MonthPickerProps {
  label: string;
  value: Date | null;
  onChange: (month: Date | null) => void;
  minDate?: Date;
  maxDate?: Date;
}

export function MonthPicker({ label, value, onChange, minDate, maxDate }: MonthPickerProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <DatePicker id={id} className="field__input" selected={value} onChange={(d: Date | null) => onChange(d)} showMonthYearPicker showFullMonthYearPicker dateFormat="MMM yyyy" minDate={minDate} maxDate={maxDate} />
    </div>
  );
}
