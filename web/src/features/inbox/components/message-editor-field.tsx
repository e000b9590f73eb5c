/**
 * The canned message's text (000 §2, §5): the placeholder dropdown (GET /getvariable), which
 * inserts `{Placeholder}` where the caret was, over the rich-text editor bound to the form's
 * `content` (RichTextField) with its message under it.
 */
import { useRef, useState } from 'react';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import type { cannedMessageForm } from '@shared/schemas/contact';
import { PlaceholderSelect } from '../../../components/ui/placeholder-select';
import type { RichTextController } from '../../../components/ui/rich-text-editor';
import { RichTextField } from '../../../components/ui/rich-text-field';
import { useEmailVariables } from '../api/get-variables';

export function MessageEditorField({ control }: { control: Control<z.input<typeof cannedMessageForm>> }) {
  const editor = useRef<RichTextController | null>(null);
  const variables = useEmailVariables();
  const [placeholder, setPlaceholder] = useState('');

  const insert = (v: string) => {
    setPlaceholder('');
    if (!v) return;
    editor.current?.insertText(v);
  };

  return (
    <>
      <PlaceholderSelect
        placeholders={variables.data}
        value={placeholder}
        onChange={insert}
        className="field inbox-form__placeholder"
        hint="Inserted where the cursor is in the message; filled in when the message is used in the contact form."
      />
      <RichTextField control={control} name="content" label="Message" editor={editor} />
    </>
  );
}
