/**
 * A domain's proof of ownership (issue 36; docs/decisions/42-enterprise-sign-in.md): a brand adds a
 * domain as pending with a token, publishes the TXT record `_retailer-audit-verification.<domain>`
 * = `retailer-audit-verification=<token>`, and the domain counts (sign-in routing, just-in-time
 * accounts, mandatory SSO: SSODOMAIN#) once a check sees that record in the domain's DNS. One
 * check, used by POST /sso/{brandId}/domains/{domain}/verify, the daily re-check (the reports
 * state machine's `sso-domains` job) and the demo seed:
 * - the record found: verified (the refusals of the save run again, and two brands verifying at
 *   once are decided by the conditional writes: one wins, the other is told the domain is taken);
 * - definitively absent (NXDOMAIN, no TXT, not this brand's value): a pending domain stays
 *   pending with the reason; a verified one is lost (back to pending, same token, SSODOMAIN#
 *   removed: it stops routing at once);
 * - the DNS not reached: nothing changes but the problem recorded (a transient failure never
 *   unverifies).
 */
import { SSO_DNS, SSO_MSG as M } from '../../shared/messages/sso';
import { logger } from '../lib/logger';
import { lookupTxt } from './dns';
import { domainRefusal } from './domains';
import { getDomainVerification, markLost, markVerified, recordCheck, registrableOf, verifiedUnder, type DomainVerification } from './sso.repo';

/** The TXT record a brand publishes for its domain. */
export const txtRecordOf = (v: Pick<DomainVerification, 'domain' | 'token'>) => ({ name: `${SSO_DNS.recordPrefix}.${v.domain}`, value: `${SSO_DNS.valuePrefix}${v.token}` });

export type CheckOutcome = 'verified' | 'stillVerified' | 'notFound' | 'wrongValue' | 'unreachable' | 'lost' | 'refused' | 'gone';

export interface DomainCheck {
  outcome: CheckOutcome;
  /** What the brand is told. */
  message: string;
  /** The proof after the check (undefined: the domain is no longer the brand's). */
  verification?: DomainVerification;
}

/** Check one domain of a brand now (its proof as kept; `at`: the check's time, ISO). */
export async function checkDomain(brandId: string, domain: string, at: string): Promise<DomainCheck> {
  const v = await getDomainVerification(brandId, domain);
  if (!v) return { outcome: 'gone', message: M.domainGone(domain) };
  const outcome = await checkOnce(v, at);
  logger.info('sso: domain checked', { brand: brandId, domain, outcome: outcome.outcome });
  return { ...outcome, verification: await getDomainVerification(brandId, domain) };
}

async function checkOnce(v: DomainVerification, at: string): Promise<Omit<DomainCheck, 'verification'>> {
  const record = txtRecordOf(v);
  if (v.status === 'pending') {
    // A pending domain is checked against the refusals again: what another brand verified since it was added counts.
    const refusal = await domainRefusal(v.domain, v.brandId);
    if (refusal) return recorded(v, 'refused', refusal, at);
  }
  const lookup = await lookupTxt(record.name);
  if (lookup.kind === 'unreachable') {
    logger.warn('sso: the DNS of a domain could not be reached', { brand: v.brandId, domain: v.domain, error: lookup.error });
    return recorded(v, 'unreachable', M.domainDnsUnreachable(v.domain), at);
  }
  const found = lookup.kind === 'found' && lookup.values.some((x) => x.trim() === record.value);
  if (!found) {
    if (v.status === 'verified') {
      const message = M.domainLost(v.domain, record.name, record.value);
      // Another check may have done it meanwhile: the message is the same.
      await markLost(v, message, at);
      return { outcome: 'lost', message };
    }
    const ours = lookup.kind === 'found' && lookup.values.some((x) => x.trim().startsWith(SSO_DNS.valuePrefix));
    return ours ? recorded(v, 'wrongValue', M.domainRecordWrong(v.domain, record.name, record.value), at) : recorded(v, 'notFound', M.domainRecordMissing(v.domain, record.name, record.value), at);
  }
  if (v.status === 'verified') {
    await recordCheck(v, undefined, at);
    return { outcome: 'stillVerified', message: M.domainStillVerified(v.domain) };
  }
  // The record is there: verified, unless another brand verified it (or a domain within or above it) first.
  for (let attempt = 0; attempt < 20; attempt++) {
    const under = await verifiedUnder(registrableOf(v.domain));
    if (under.domains.some((d) => d.domain === v.domain && d.brandId === v.brandId)) return { outcome: 'verified', message: M.domainVerified(v.domain) };
    const refusal = await domainRefusal(v.domain, v.brandId, under);
    if (refusal) return recorded(v, 'refused', refusal, at);
    const marked = await markVerified(v, under.version, at);
    if (marked === 'verified') return { outcome: 'verified', message: M.domainVerified(v.domain) };
    if (marked === 'gone') return { outcome: 'gone', message: M.domainGone(v.domain) };
    if (marked === 'taken') return recorded(v, 'refused', M.domainTaken(v.domain), at);
    // Another verification under the same registrable domain came first: read again.
  }
  throw new Error(`sso: the verification of ${v.domain} kept meeting others`);
}

async function recorded(v: DomainVerification, outcome: CheckOutcome, message: string, at: string) {
  await recordCheck(v, message, at);
  return { outcome, message };
}

/** Whether the outcome is a verified domain. */
export const isVerifiedOutcome = (o: CheckOutcome) => o === 'verified' || o === 'stillVerified';

