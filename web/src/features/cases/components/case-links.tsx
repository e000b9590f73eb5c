/**
 * The links sent to the retailer for its open cases (issue 24 §3): who sent each and until when,
 * each with Revoke (confirmed first; the retailer's page stops on its next request).
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Table, type Column } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useCaseLinks, useRevokeCaseLink, type CaseLinkRow } from '../api/cases';

export function CaseLinks({ brandId, retailerId, retailerName }: { brandId: string | undefined; retailerId: string; retailerName: string }) {
  const links = useCaseLinks(brandId, retailerId);
  const revoke = useRevokeCaseLink(brandId);
  const [revoking, setRevoking] = useState<CaseLinkRow | null>(null);
  const rows = links.data?.flatMap((p) => p.data) ?? [];
  if (!rows.length) return null;
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
  const columns: Column<CaseLinkRow>[] = [
    { key: 'createdBy', header: 'Sent by', cell: (l) => l.createdBy.name },
    { key: 'createdAt', header: 'Sent', cell: (l) => formatDate(l.createdAt) },
    { key: 'expiresAt', header: 'Valid until', cell: (l) => formatDate(l.expiresAt) },
    {
      key: 'revoke',
      header: <span className="sr-only">Revoke</span>,
      cell: (l) => (
        <Button size="sm" variant="outline" onClick={() => setRevoking(l)} aria-label={`Revoke the link sent by ${l.createdBy.name} on ${formatDate(l.createdAt)}`}>
          Revoke
        </Button>
      ),
    },
  ];
  return (
    <section className="cases__links" aria-labelledby="case-links-title">
      <h3 id="case-links-title" className="cases__links-title">
        Links sent to {retailerName}
      </h3>
      <Table caption={`Active case links of ${retailerName}`} wrapLabel={`Active case links of ${retailerName}`} columns={columns} rows={rows} rowKey={(l) => l._id} className="table cases__table" />
      {revoking ? (
        <ConfirmDialog title="Revoke link" confirmLabel="Revoke" busy={revoke.isMutating} onConfirm={() => void onRevoke()} onCancel={() => setRevoking(null)}>
          <p>Revoke this link? {retailerName} can no longer open its cases with it, even a page already open.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
