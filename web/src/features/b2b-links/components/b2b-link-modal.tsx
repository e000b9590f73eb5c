/**
 * 'B2B portal link' of the retailer page (BRAND_ADMIN and ADMIN; docs/decisions.md "B2B portal"):
 * choose an expiry, Create, and the link is shown once with Copy; below, the retailer's active
 * links (created by, created, expires) each with Revoke, confirmed first. The link's address
 * holds its secret: it is kept only in this modal's state and is gone when the modal closes.
 */
import { useState } from 'react';
import { B2B } from '@shared/constants';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useB2bLinks, useCreateB2bLink, useRevokeB2bLink } from '../api/links';
import { B2B_UI } from '../messages';
import '../b2b-links.css';

type Link = NonNullable<ReturnType<typeof useB2bLinks>['data']>[number]['data'][number];

const EXPIRY_DAYS = [1, 7, 14, B2B.defaultDays, 60, B2B.maxDays] as const;

export interface B2bLinkModalProps {
  brandId: string | undefined;
  retailerId: string;
  retailerName: string;
  onClose: () => void;
}

export function B2bLinkModal({ brandId, retailerId, retailerName, onClose }: B2bLinkModalProps) {
  const [days, setDays] = useState<number>(B2B.defaultDays);
  const [created, setCreated] = useState<{ url: string; expiresAt: string } | null>(null);
  const [revoking, setRevoking] = useState<Link | null>(null);
  const links = useB2bLinks(brandId, retailerId);
  const create = useCreateB2bLink(brandId, retailerId);
  const revoke = useRevokeB2bLink(brandId);

  const onCreate = async () => {
    try {
      const out = await create.trigger(days);
      setCreated({ url: out.data.url, expiresAt: out.data.expiresAt });
      notify.success(out.message);
      void links.mutate();
    } catch (e) {
      handleError(e);
    }
  };
  const onCopy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      notify.success(B2B_UI.copied);
    } catch {
      notify.warning(B2B_UI.copyFailed);
    }
  };
  const onRevoke = async () => {
    if (!revoking) return;
    try {
      const out = await revoke.trigger(revoking._id);
      notify.success(out.message);
      setRevoking(null);
    } catch (e) {
      handleError(e);
    } finally {
      void links.mutate();
    }
  };

  const columns: Column<Link>[] = [
    { key: 'createdBy', header: 'Created by', cell: (l) => l.createdBy.name },
    { key: 'createdAt', header: 'Created', cell: (l) => formatDate(l.createdAt) },
    { key: 'expiresAt', header: 'Expires', cell: (l) => formatDate(l.expiresAt) },
    {
      key: 'revoke',
      header: 'Revoke',
      cell: (l) => (
        <Button size="sm" variant="outline" onClick={() => setRevoking(l)} aria-label={`Revoke the link created by ${l.createdBy.name} on ${formatDate(l.createdAt)}`}>
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <>
      <Modal title="B2B portal link" onClose={onClose} size="lg" footer={<Button variant="ghost" onClick={onClose}>Close</Button>}>
        <p className="b2b-links__intro">{B2B_UI.intro(retailerName)}</p>
        <div className="b2b-links__create">
          <Select label="Expires in" value={String(days)} onChange={(v) => setDays(Number(v))} className="field b2b-links__expiry">
            {EXPIRY_DAYS.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? '1 day' : `${d} days`}
              </option>
            ))}
          </Select>
          <Button onClick={() => void onCreate()} busy={create.isMutating}>
            Create
          </Button>
        </div>
        {created ? (
          <div className="b2b-links__created" role="status">
            <label className="field__label" htmlFor="b2b-link-url">
              {B2B_UI.shownOnce(formatDate(created.expiresAt))}
            </label>
            <div className="b2b-links__url">
              <input id="b2b-link-url" className="field__input" readOnly value={created.url} onFocus={(e) => e.currentTarget.select()} />
              <Button onClick={() => void onCopy()}>Copy</Button>
            </div>
          </div>
        ) : null}
        <h3 className="b2b-links__heading">Active links</h3>
        {links.data ? (
          <>
            <Table caption={`Active B2B portal links of ${retailerName}`} columns={columns} rows={links.data.flatMap((p) => p.data)} rowKey={(l) => l._id} empty={<p className="muted">{B2B_UI.noLinks}</p>} className="table b2b-links__table" />
            {links.data.at(-1)?.nextCursor ? (
              <Button variant="outline" size="sm" busy={links.isValidating} onClick={() => void links.setSize(links.size + 1)}>
                {B2B_UI.showMore}
              </Button>
            ) : null}
          </>
        ) : links.error ? (
          <p className="muted">{B2B_UI.listFailed}</p>
        ) : (
          <Spinner label="Loading links…" />
        )}
      </Modal>
      {revoking ? (
        <ConfirmDialog title="Revoke link" confirmLabel="Revoke" busy={revoke.isMutating} onConfirm={() => void onRevoke()} onCancel={() => setRevoking(null)}>
          <p>{B2B_UI.confirmRevoke(retailerName)}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
