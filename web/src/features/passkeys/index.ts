/** Passkeys (issue 26 step 2): what other features use, the security settings' section. */
export { Passkeys } from './components/passkeys-section';
