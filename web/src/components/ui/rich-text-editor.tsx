/**
 * A rich-text editor (Quill 2, snow theme), loaded on first use (its script and CSS are a chunk
 * of their own). Labelled for screen readers: the editable area is a multi-line textbox named by
 * `label`, every toolbar button has a name, the toolbar is a labelled toolbar. Keyboard: Tab
 * moves through the toolbar into the text; inside the text Tab indents, so Escape then Tab (or
 * Shift+Tab) leaves it (Quill's own bindings). The HTML it gives is the caller's to sanitise.
 *
 * `value` is applied when it differs from what the editor last reported (e.g. a canned message
 * chosen elsewhere), so typing never resets the caret. `controller` lets the screen insert text
 * where the caret was last (e.g. a placeholder chosen from a dropdown, which takes the focus).
 */
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import type QuillType from 'quill';
import { Spinner } from './spinner';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** The accessible name of the editable area. */
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** id of an error message describing the field. */
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  /** Filled once the editor is ready: what the screen may do to the text. */
  controller?: MutableRefObject<RichTextController | null>;
}

export interface RichTextController {
  /** Inserts plain text where the caret was last (the end when it never was in the text), then puts the caret after it. */
  insertText: (text: string) => void;
}

const TOOLBAR = [['bold', 'italic', 'underline', 'strike'], [{ list: 'ordered' }, { list: 'bullet' }], ['link'], ['clean']];
const BUTTON_NAMES: Record<string, string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  'list:ordered': 'Numbered list',
  'list:bullet': 'Bulleted list',
  link: 'Link',
  clean: 'Clear formatting',
};

/** Quill's empty document. */
export const EMPTY_RICH_TEXT = '<p><br></p>';

export function RichTextEditor({ label, value, onChange, describedBy, invalid, placeholder, controller }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<QuillType | null>(null);
  const reported = useRef<string>(value);
  const onChangeRef = useRef(onChange);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let cancelled = false;
    const el = host.current;
    void Promise.all([import('quill'), import('quill/dist/quill.snow.css')])
      .then(([{ default: Quill }]) => {
        if (cancelled || !el) return;
        el.innerHTML = '';
        const editorEl = document.createElement('div');
        el.appendChild(editorEl);
        const q = new Quill(editorEl, { theme: 'snow', placeholder, modules: { toolbar: TOOLBAR } });
        const toolbar = el.querySelector<HTMLElement>('.ql-toolbar');
        toolbar?.setAttribute('role', 'toolbar');
        toolbar?.setAttribute('aria-label', `${label} formatting`);
        toolbar?.querySelectorAll<HTMLButtonElement>('button').forEach((b) => {
          const format = [...b.classList].find((c) => c.startsWith('ql-'))?.slice(3) ?? '';
          const name = BUTTON_NAMES[b.value ? `${format}:${b.value}` : format];
          if (name) b.setAttribute('aria-label', name);
        });
        const root = q.root;
        root.setAttribute('role', 'textbox');
        root.setAttribute('aria-multiline', 'true');
        root.setAttribute('aria-label', label);
        // setContents, not dangerouslyPasteHTML: that one also moves the focus into the editor.
        q.setContents(q.clipboard.convert({ html: reported.current || '' }), 'silent');
        q.on('text-change', () => {
          const html = root.innerHTML;
          reported.current = html;
          onChangeRef.current(html);
        });
        // The caret as it was when the text lost the focus (a dropdown beside it takes it).
        let caret: number | undefined;
        q.on('selection-change', (range) => {
          if (range) caret = range.index + range.length;
        });
        q.on('text-change', () => {
          const range = q.getSelection();
          if (range) caret = range.index + range.length;
        });
        if (controller)
          controller.current = {
            insertText: (text) => {
              const at = Math.min(caret ?? q.getLength() - 1, Math.max(0, q.getLength() - 1));
              q.insertText(at, text, 'user');
              caret = at + text.length;
              q.setSelection(caret, 0, 'user');
            },
          };
        quill.current = q;
        setReady(true);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      quill.current = null;
      if (controller) controller.current = null;
      if (el) el.innerHTML = '';
    };
    // Created once; label and placeholder are read at creation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value set from outside (a canned message): replace the content.
  useEffect(() => {
    const q = quill.current;
    if (!q || value === reported.current) return;
    reported.current = value;
    q.setContents(q.clipboard.convert({ html: value || '' }), 'silent');
  }, [value, ready]);

  useEffect(() => {
    const root = quill.current?.root;
    if (!root) return;
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
    if (invalid) root.setAttribute('aria-invalid', 'true');
    else root.removeAttribute('aria-invalid');
  }, [describedBy, invalid, ready]);

  return (
    <div className={`rte${invalid ? ' rte--invalid' : ''}`}>
      {failed ? <p className="field__error">The editor could not be loaded: reload the page.</p> : null}
      {!ready && !failed ? <Spinner label="Loading editor…" /> : null}
      <div ref={host} className="rte__host" />
    </div>
  );
}
