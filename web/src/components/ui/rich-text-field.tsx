/**
 * A rich-text editor bound to a react-hook-form field (a `Controller`: the platform has no
 * rich-text element), under its visible label, with its validation message under it (the editor
 * is named by `label` and described by the message). Its own module: a form without rich text
 * does not carry the editor's module.
 */
import { useId, type RefObject } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { RichTextEditor, type RichTextController } from './rich-text-editor';

export interface RichTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** Lets the form insert text at the caret (placeholders). */
  editor: RefObject<RichTextController | null>;
}

export function RichTextField<T extends FieldValues>({ control, name, label, editor }: RichTextFieldProps<T>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState: { error } }) => (
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <span className="field__label">{label}</span>
          <RichTextEditor label={label} value={field.value} controller={editor} onChange={field.onChange} invalid={!!error} describedBy={error?.message ? `${id}-error` : undefined} />
          {error?.message ? (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error.message}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}
