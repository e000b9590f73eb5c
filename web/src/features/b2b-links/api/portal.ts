/**
 * The B2B portal page's own calls (ours): POST /b2bPortal/session exchanges the link's token (from
 * the URL fragment) for a portal session; GET /b2bPortal/session reads the portal's context again.
 */
import { api } from '../../../lib/api-client';

export function openPortal(token: string) {
  return api('openB2bPortal', { body: { token } });
}

export function getPortal() {
  return api('getB2bPortal');
}
