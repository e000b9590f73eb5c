/** /dashboard/message-inbox (000 §2): the Inbox, the brand's canned messages. */
import { Inbox } from '../../../features/inbox/components/inbox';
import { useSession } from '../../../lib/session';

export function InboxRoute() {
  const session = useSession();
  if (!session) return null;
  return <Inbox session={session} />;
}
