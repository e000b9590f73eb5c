/**
 * The inline map id of a product row (001 §2, §4): a label; a click turns it into an input
 * ('Enter map id...'); Enter saves and the label returns. The list changes only when the save
 * answers 200 (the reads are revalidated then); a refused save keeps the input with what was
 * typed and shows the server's message. Escape cancels.
 */
import { useState } from 'react';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useUpdateProduct } from '../api/update-product';
import { RV_MSG } from '../messages';

export function MapIdCell({ productId, value, disabled }: { productId: string; value: string; disabled?: boolean }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(value);
  const { trigger, isMutating } = useUpdateProduct();

  if (disabled) return <span className="map-id map-id--off">Map id: {value || 'N/A'}</span>;
  if (!editing) {
    return (
      <button
        type="button"
        className="map-id"
        onClick={(e) => {
          e.stopPropagation();
          setText(value);
          setEditing(true);
        }}
      >
        Map id: <span className="map-id__value">{value || 'Enter map id...'}</span>
      </button>
    );
  }
  const save = async () => {
    try {
      const out = await trigger({ id: productId, body: { oh_map_id: text.trim() } });
      notify.success(out.message);
      setEditing(false);
    } catch (e) {
      handleError(e);
    }
  };
  return (
    <input
      className="map-id__input field__input"
      aria-label="Map id"
      placeholder={RV_MSG.mapIdPlaceholder}
      value={text}
      autoFocus
      disabled={isMutating}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void save();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          setEditing(false);
        }
      }}
    />
  );
}
