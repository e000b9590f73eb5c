/**
 * Settings → Contacts (000 §2): the sub-tabs Import Contacts, Export Contacts and Import/Export
 * History. Import is BRAND_ADMIN's (and an ADMIN acting for the brand); a User who sees every
 * retailer of the brand gets Export and History (docs/decisions.md "Contacts import and export").
 */
import { useState } from 'react';
import { Tabs } from '../../../components/ui/tabs';
import { effectiveBrand, isBrandAdminOrAdmin } from '../../../lib/access';
import type { Session } from '../../../lib/session';
import { ContactsHistory } from './contacts-history';
import { ExportContacts } from './export-contacts';
import { ImportWizard } from './import-wizard';
import '../contacts-import.css';

export function ContactsTab({ session }: { session: Session }) {
  const brand = effectiveBrand(session);
  const canImport = isBrandAdminOrAdmin(session.user);
  const tabs = [...(canImport ? [{ id: 'import', label: 'Import Contacts' }] : []), { id: 'export', label: 'Export Contacts' }, { id: 'history', label: 'Import/Export History' }];
  const [tab, setTab] = useState(tabs[0]!.id);
  if (!brand) return null;
  return (
    <div className="contacts-tab">
      <Tabs label="Contacts" tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === 'import' && canImport ? <ImportWizard brandId={brand._id} onDone={() => setTab('export')} /> : null}
        {tab === 'export' ? <ExportContacts brandId={brand._id} /> : null}
        {tab === 'history' ? <ContactsHistory brandId={brand._id} /> : null}
      </Tabs>
    </div>
  );
}
