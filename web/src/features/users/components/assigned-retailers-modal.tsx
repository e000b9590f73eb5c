/**
 * The assigned-retailers modal (000 §2, §6): the brand's retailers (GET /getRetailersForUsersTab)
 * with checkboxes; Continue hands the chosen ones back (to the add/edit form, or to save them on
 * their own). Read-only for non-admins: the list of a user's assigned retailers, nothing to tick.
 * None ticked means All (the user sees every retailer of the brand).
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';

export interface RetailerOption {
  _id: string;
  name: string;
}

export interface AssignedRetailersModalProps {
  title: string;
  retailers: RetailerOption[] | undefined;
  selected: string[];
  readOnly?: boolean;
  /** How many assigned retailers the viewer may not see (a User with assigned retailers). */
  hidden?: number;
  continueLabel?: string;
  busy?: boolean;
  onContinue?: (ids: string[]) => void;
  onClose: () => void;
}

export function AssignedRetailersModal({ title, retailers, selected, readOnly = false, hidden = 0, continueLabel = 'Continue', busy = false, onContinue, onClose }: AssignedRetailersModalProps) {
  const [chosen, setChosen] = useState<string[]>(selected);
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const known = new Set((retailers ?? []).map((r) => r._id));
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        readOnly ? (
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => onContinue?.(chosen.filter((id) => known.has(id)))} busy={busy}>
              {continueLabel}
            </Button>
          </>
        )
      }
    >
      {!retailers ? (
        <Spinner />
      ) : readOnly ? (
        <>
          {selected.length === 0 && hidden === 0 ? (
            <p>All retailers of the brand.</p>
          ) : (
            <ul className="retailer-checks" aria-label="Assigned retailers">
              {retailers
                .filter((r) => selected.includes(r._id))
                .map((r) => (
                  <li key={r._id} className="retailer-checks__item">
                    {r.name}
                  </li>
                ))}
            </ul>
          )}
          {hidden > 0 ? <p>And {hidden} other retailer(s).</p> : null}
        </>
      ) : (
        <fieldset className="retailer-checks">
          <legend>Tick the retailers this user audits. None ticked: all retailers of the brand.</legend>
          {retailers.map((r) => (
            <label key={r._id} className="retailer-checks__item">
              <input type="checkbox" checked={chosen.includes(r._id)} onChange={() => toggle(r._id)} />
              {r.name}
            </label>
          ))}
          {retailers.length === 0 ? <p>The brand has no retailers switched on.</p> : null}
        </fieldset>
      )}
    </Modal>
  );
}
