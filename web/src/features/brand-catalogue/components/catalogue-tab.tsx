/**
 * Settings › Catalogue (issue 38 §1): the brand's golden record, what the content checks compare
 * every retailer with. The current catalogue (its file, its products 25 a page with a cursor,
 * searched by the start of a Brand SKU), the upload (BRAND_ADMIN or an ADMIN acting as the brand:
 * a .csv or .jsonl file, straight to S3, then followed while the ingest checks it: applied whole
 * or refused with each problem and its line) and the brand's recent files. A sample file shows
 * the columns.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CATALOG_LIMITS, CATALOG_MSG as M } from '@shared/messages/catalog';
import { CATALOG_SAMPLE_CSV } from '@shared/catalog-sample';
import { marketLabel } from '@shared/markets';
import type { ResponseOf } from '@shared/routes/responses';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { Thumb } from '../../../components/ui/thumb';
import { effectiveBrand, isBrandAdminOrAdmin } from '../../../lib/access';
import { formatCount, formatDate } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import type { Session } from '../../../lib/session';
import { uploadCatalogue, useCatalogueImports, useCatalogueProducts } from '../api/catalogue';
import '../catalogue.css';

type Entry = ResponseOf<'listCatalogProducts'>['data'][number];
type Import = ResponseOf<'listCatalogImports'>['data'][number];

const money = (amount: number, currency: string) => {
  try {
    return amount.toLocaleString('en-US', { style: 'currency', currency });
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
};

const COLUMNS: Column<Entry>[] = [
  { key: 'image', header: 'Picture', cell: (e) => <Thumb src={e.images[0] ?? ''} alt={`Official picture of ${e.name}`} title={e.name} /> },
  { key: 'sku', header: 'Brand SKU', cell: (e) => e.sku },
  { key: 'name', header: 'Name', cell: (e) => e.name },
  { key: 'category', header: 'Category', cell: (e) => [e.category, e.collection].filter(Boolean).join(' · ') },
  { key: 'status', header: 'Status', cell: (e) => (e.status === 'retired' ? 'Retired' : 'Active') },
  {
    key: 'msrp',
    header: 'MSRP',
    cell: (e) =>
      e.msrp.length ? (
        <ul className="catalogue__msrp">
          {e.msrp.map((m) => (
            <li key={`${m.country}${m.currency}`}>
              <span className="muted">{marketLabel(m)}</span> {money(m.amount, m.currency)}
            </li>
          ))}
        </ul>
      ) : (
        'N/A'
      ),
  },
];

export function CatalogueTab({ session }: { session: Session }) {
  const brand = effectiveBrand(session);
  if (!brand) return <p className="muted">Choose a brand first.</p>;
  return <Catalogue key={brand._id} brandId={brand._id} canUpload={isBrandAdminOrAdmin(session.user)} />;
}

function Catalogue({ brandId, canUpload }: { brandId: string; canUpload: boolean }) {
  const [search, setSearch] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const products = useCatalogueProducts(brandId, search, cursors.at(-1));
  /** The key of the file just sent, followed until the ingest has checked it. */
  const [waiting, setWaiting] = useState<string | null>(null);
  const imports = useCatalogueImports(brandId, canUpload, !!waiting);
  const data = products.data;
  const page = cursors.length + 1;
  const searchId = useId();

  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = String(new FormData(e.currentTarget).get('search') ?? '').trim();
    setSearch(text);
    setCursors([]);
  };

  return (
    <section className="catalogue" aria-labelledby="catalogue-title">
      <h2 id="catalogue-title" className="catalogue__title">
        {M.title}
      </h2>
      <p className="catalogue__intro">{M.intro}</p>
      <p className="catalogue__current" data-testid="catalogue-current">
        {data ? (data.catalog ? M.current(data.catalog.entries, formatDate(data.catalog.date)) : M.noCatalog) : null}
      </p>
      {canUpload ? <Upload brandId={brandId} waiting={waiting} setWaiting={setWaiting} onApplied={() => void products.mutate()} imports={imports.data?.data} refreshImports={() => void imports.mutate()} /> : null}
      {data?.catalog ? (
        <>
          <form className="catalogue__search" role="search" onSubmit={onSearch}>
            <label htmlFor={searchId}>Search by Brand SKU</label>
            <input id={searchId} name="search" type="search" placeholder={M.searchPlaceholder} maxLength={100} />
          </form>
          <Table
            caption="The brand's catalogue"
            columns={COLUMNS}
            rows={data.data}
            rowKey={(e) => e.sku}
            className="data-table catalogue__table"
            wrapLabel="Catalogue products"
            busy={products.isValidating}
            empty={<p className="rl-empty">{M.noProducts}</p>}
          />
          {page > 1 || data.nextCursor ? (
            <nav className="catalogue__pager" aria-label="Catalogue pages">
              <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous
              </Button>
              <span>
                Page {page}
                {data.totalCount !== null ? ` of ${formatCount(Math.max(1, Math.ceil(data.totalCount / 25)))}` : ''}
              </span>
              <Button variant="outline" size="sm" disabled={!data.nextCursor} onClick={() => data.nextCursor && setCursors((c) => [...c, data.nextCursor!])}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : !data ? (
        products.error ? <p className="muted">The catalogue could not be loaded.</p> : <Spinner label="Loading the catalogue…" />
      ) : null}
      {canUpload ? <Imports imports={imports.data?.data} /> : null}
    </section>
  );
}

/** Choose a file, send it, follow its check until applied or refused (a toast either way). */
function Upload(props: { brandId: string; waiting: string | null; setWaiting: (key: string | null) => void; imports: Import[] | undefined; onApplied: () => void; refreshImports: () => void }) {
  const { brandId, waiting, setWaiting, imports, onApplied, refreshImports } = props;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const fileId = useId();
  const followed = waiting ? imports?.find((i) => i.key === waiting) : undefined;
  const outcome = followed && followed.status !== 'checking' ? followed : undefined;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!outcome || handled.current === outcome.key) return;
    handled.current = outcome.key;
    setWaiting(null);
    if (outcome.status === 'applied') {
      notify.success(M.applied(outcome.entries));
      onApplied();
    } else notify.error(M.refused);
  }, [outcome, setWaiting, onApplied]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return notify.error(M.fileRequired);
    if (!/\.(csv|jsonl|ndjson)$/i.test(file.name)) return notify.error(M.fileType);
    if (file.size > CATALOG_LIMITS.maxFileBytes) return notify.error(M.fileTooLarge(CATALOG_LIMITS.maxFileBytes / 1024 / 1024));
    setBusy(true);
    try {
      const key = await uploadCatalogue(brandId, file);
      setWaiting(key);
      if (input.current) input.current.value = '';
      refreshImports();
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  };
  const sample = `data:text/csv;charset=utf-8,${encodeURIComponent(CATALOG_SAMPLE_CSV)}`;
  return (
    <form className="catalogue__upload" onSubmit={(e) => void submit(e)} aria-label={M.upload}>
      <label htmlFor={fileId}>Catalogue file (.csv or .jsonl, at most {CATALOG_LIMITS.maxFileBytes / 1024 / 1024} MB)</label>
      <input id={fileId} ref={input} type="file" accept=".csv,.jsonl,.ndjson,text/csv,application/x-ndjson" />
      <div className="catalogue__actions">
        <Button type="submit" busy={busy || !!waiting} disabled={busy || !!waiting}>
          {busy ? M.uploading : waiting ? M.checking : M.upload}
        </Button>
        <a className="link-button" href={sample} download="catalogue-sample.csv">
          {M.sample}
        </a>
      </div>
      {waiting ? (
        <p role="status" className="muted">
          {M.checking}
        </p>
      ) : null}
    </form>
  );
}

function Imports({ imports }: { imports: Import[] | undefined }) {
  const id = useId();
  return (
    <section className="catalogue__imports" aria-labelledby={id}>
      <h3 id={id}>{M.importsTitle}</h3>
      {!imports ? (
        <Spinner />
      ) : !imports.length ? (
        <p className="muted">{M.noImports}</p>
      ) : (
        <ul>
          {imports.map((i) => (
            <li key={i.key} className={`catalogue__import catalogue__import--${i.status}`} data-testid="catalogue-import">
              <span className="catalogue__import-name">{i.name}</span>{' '}
              <span className={`catalogue__status catalogue__status--${i.status}`}>{M.status[i.status]}</span>{' '}
              <span className="muted">
                {formatDate(i.uploadedAt)}
                {i.status === 'applied' ? ` · ${formatCount(i.entries)} products` : ''}
              </span>
              {i.errors.length ? (
                <details className="catalogue__errors" open={i === imports[0]}>
                  <summary>
                    {formatCount(i.errorCount)} {i.errorCount === 1 ? 'problem' : 'problems'}
                  </summary>
                  <ul>
                    {i.errors.map((e, n) => (
                      <li key={n}>{e}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
