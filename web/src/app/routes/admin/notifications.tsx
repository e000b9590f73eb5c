/**
 * /admin/post-office/notification (001 §2): the post office's notifications. Opening one shows
 * it in a modal and marks it seen (001 §4). The page is in the URL query.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { handleError } from '../../../lib/handle-error';
import { useClampPage, useUrlPage } from '../../../lib/url-page';
import { useNotifications, type AppNotification } from '../../../features/notifications/api/get-notifications';
import { useMarkNotificationSeen } from '../../../features/notifications/api/update-notification';
import { NotificationList } from '../../../features/notifications/components/notification-list';
import { NotificationModal } from '../../../features/notifications/components/notification-modal';

const NOTIFICATIONS_PAGE_SIZE = 10;

export function NotificationsRoute() {
  const pager = useUrlPage({ scrollToTop: true });
  const { page, goToPage } = pager;
  const { data, isLoading } = useNotifications(page, NOTIFICATIONS_PAGE_SIZE);
  const [open, setOpen] = useState<AppNotification | null>(null);
  const { trigger: markSeen } = useMarkNotificationSeen();
  const totalPages = data ? Math.ceil(data.totalCount / NOTIFICATIONS_PAGE_SIZE) : 0;
  // A page number past the end in the address: show the last page.
  useClampPage(pager, data ? totalPages : undefined);

  const openOne = (n: AppNotification) => {
    setOpen(n);
    if (!n.seenFlag) markSeen(n._id).catch(handleError);
  };

  return (
    <>
      <div className="page-head">
        <div>
          <h1 className="page-head__title">Notifications</h1>
          {data ? (
            <p className="page-head__sub">
              {data.unseenCount ? `${data.unseenCount} unseen of ${data.totalCount}` : `${data.totalCount} notification${data.totalCount === 1 ? '' : 's'}, all seen`}
            </p>
          ) : null}
        </div>
        <Link className="btn btn--outline btn--sm" to={paths.admin.home}>
          Back
        </Link>
      </div>
      {isLoading && !data ? (
        <Spinner label="Loading notifications…" />
      ) : data?.data.length ? (
        <>
          <NotificationList items={data.data} onOpen={openOne} />
          <Pagination page={page} totalPages={totalPages} onChange={goToPage} label="Notification pages" />
        </>
      ) : (
        <section className="panel panel--empty">
          <p className="panel__text">No notifications yet.</p>
        </section>
      )}
      {open ? <NotificationModal notification={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
