/** What other features may use of `auth`: ending every session of the signed-in user (My Account after a password change). */
export { endAllServerSessions } from './api/logout';
