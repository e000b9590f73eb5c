/** What other features use of two-step sign-in (re-exports only; issue 23). */
export { adminHold, hasSecondFactor, type SecondFactorFields } from './second-factor';
