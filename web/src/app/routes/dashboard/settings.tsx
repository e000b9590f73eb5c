/**
 * /dashboard/profile/settings (000 §2 Settings): the tabs My Account, Brand (only for a user with
 * at least one role), Cases (ours, issue 24: the same users), Manage Reports, Contacts, Users and
 * Single sign-on (ours, issue 26: a BRAND_ADMIN or an ADMIN); Catalogue (ours, issue 38: the brand's golden record). The selected tab is in the URL
 * (`?tab=`), so a reload or a shared link opens the same tab. Each tab is its feature's
 * component, loaded when first shown.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { SSO_UI } from '@shared/messages/sso';
import { canSeeContactsTab } from '../../../features/contacts-import/access';
import { isBrandAdminOrAdmin } from '../../../lib/access';
import { useSession, type Session } from '../../../lib/session';

export interface SettingsTabProps {
  session: Session;
}

interface SettingsTab {
  id: string;
  label: string;
  /** Shown to this session? Default: everyone. */
  visible?: (session: Session) => boolean;
  component: LazyExoticComponent<ComponentType<SettingsTabProps>>;
}

/** A tab's component, loaded when first shown: `tabComponent(() => import('…'), 'ExportName')`. */
export function tabComponent<M>(load: () => Promise<M>, name: keyof M): LazyExoticComponent<ComponentType<SettingsTabProps>> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<SettingsTabProps> }));
}

/**
 * One entry per tab, in the spec's order: My Account, Brand, Manage Reports, Contacts, Users
 * (each feature adds its own line).
 */
const TABS: SettingsTab[] = [
  { id: 'account', label: 'My Account', component: tabComponent(() => import('../../../features/users/components/my-account'), 'MyAccount') },
  { id: 'brand', label: 'Brand', visible: (s) => s.user.roles.length > 0, component: tabComponent(() => import('../../../features/brand-settings/components/brand-settings-tab'), 'BrandSettingsTab') },
  { id: 'cases', label: 'Cases', visible: (s) => s.user.roles.length > 0, component: tabComponent(() => import('../../../features/cases'), 'CaseSettingsTab') },
  { id: 'reports', label: 'Manage Reports', component: tabComponent(() => import('../../../features/reports/components/manage-reports-tab'), 'ManageReportsTab') },
  { id: 'catalogue', label: 'Catalogue', visible: (s) => s.user.roles.length > 0, component: tabComponent(() => import('../../../features/brand-catalogue'), 'CatalogueTab') },
  { id: 'contacts', label: 'Contacts', visible: canSeeContactsTab, component: tabComponent(() => import('../../../features/contacts-import/components/contacts-tab'), 'ContactsTab') },
  { id: 'users', label: 'Users', component: tabComponent(() => import('../../../features/users/components/users-tab'), 'UsersTab') },
  { id: 'sso', label: SSO_UI.tab, visible: (s) => isBrandAdminOrAdmin(s.user), component: tabComponent(() => import('../../../features/sso-settings'), 'SsoSettingsTab') },
];

export function SettingsRoute() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  if (!session) return null;
  const tabs = TABS.filter((t) => t.visible?.(session) ?? true);
  const current = tabs.find((t) => t.id === params.get('tab')) ?? tabs[0];
  if (!current) return null;
  const Current = current.component;
  return (
    <section className="settings-page" aria-label="Settings">
      <Tabs label="Settings" tabs={tabs.map(({ id, label }) => ({ id, label }))} selected={current.id} onSelect={(id) => setParams({ tab: id }, { replace: true })}>
        <Suspense fallback={<Spinner />}>
          <Current session={session} />
        </Suspense>
      </Tabs>
    </section>
  );
}
