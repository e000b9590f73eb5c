/**
 * 'Insert placeholder': a select of the email placeholders (GET /getvariable), 'Loading…' until
 * they come. The Inbox's message form and the contact form use it; each inserts the choice its way.
 */
import { Select } from './select';

export interface PlaceholderSelectProps {
  /** The placeholder names; undefined while loading. */
  placeholders: readonly string[] | undefined;
  value: string;
  onChange: (placeholder: string) => void;
  className?: string;
  hint?: string;
}

export function PlaceholderSelect({ placeholders, value, onChange, className, hint }: PlaceholderSelectProps) {
  return (
    <Select label="Insert placeholder" value={value} onChange={onChange} className={className} hint={hint}>
      <option value="">{placeholders ? 'Choose a placeholder' : 'Loading…'}</option>
      {(placeholders ?? []).map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </Select>
  );
}
