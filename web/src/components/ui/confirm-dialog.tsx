/**
 * A yes/no question in a modal: the question is the dialog's description, Cancel has the focus
 * first (a stray Enter does not confirm), Escape and Cancel answer no.
 */
import { useId, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, children, confirmLabel = 'Confirm', cancelLabel = 'Cancel', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const textId = useId();
  return (
    <Modal
      title={title}
      size="sm"
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm} busy={busy} aria-describedby={textId}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div id={textId}>{children}</div>
    </Modal>
  );
}
