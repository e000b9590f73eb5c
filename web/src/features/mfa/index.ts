/** Two-step sign-in (issue 26): what other features use, the security settings' section. */
export { TwoStepSignIn } from './components/two-step-sign-in';
export { MFA_STATUS_KEY } from './api/mfa';
