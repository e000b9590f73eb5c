/** What other features may use of `permissions`: the permissions cache key (refreshed when an admin edits a brand's retailers). */
export { PERMISSIONS_KEY } from './api/permissions';
