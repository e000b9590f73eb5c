/**
 * An authenticator app for the tests (issue 26): codes made with otplib from a TOTP secret, each
 * for a 30 s time step after the last one used. The server takes a step once and accepts one step
 * either side of its clock, so three codes are available at any moment without waiting; a test
 * that needs a fourth within one step is wrong, and `next()` says so rather than sleep.
 */
import { generate } from 'otplib';

export const STEP_SECONDS = 30;
export const currentStep = (at = Date.now()): number => Math.floor(at / 1000 / STEP_SECONDS);
/** The code of one time step. */
export const codeAt = (secret: string, step: number): Promise<string> => generate({ secret, epoch: step * STEP_SECONDS });

export interface Authenticator {
  /** The code of the next step not used yet (from one step before now). */
  next(): Promise<string>;
  /** A six-digit code no step near now has. */
  wrong(): Promise<string>;
}

/** `after`: the last step already taken with this secret (default: none near now). */
export function authenticator(secret: string, after = currentStep() - 2): Authenticator {
  let last = after;
  return {
    async next() {
      const step = Math.max(last + 1, currentStep() - 1);
      if (step > currentStep() + 1) throw new Error('more than three codes asked within one 30 s step');
      last = step;
      return codeAt(secret, step);
    },
    async wrong() {
      const now = currentStep();
      const near = await Promise.all([-1, 0, 1].map((d) => codeAt(secret, now + d)));
      let n = 0;
      while (near.includes(String(n).padStart(6, '0'))) n++;
      return String(n).padStart(6, '0');
    },
  };
}
