/** POST /users/emailChange/confirm (issue 36): the token of the link My Account's email change sent to the new address. */
import { api } from '../../../lib/api-client';

export const confirmEmailChange = (token: string) => api('confirmEmailChange', { body: { token } });
