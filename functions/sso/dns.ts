/**
 * The TXT records of a name, as the DNS answers them (issue 36: a brand's domain is verified by a
 * TXT record it publishes). In AWS the system's resolver (the Lambda's VPC-less resolver); locally
 * and in the tests the stack's authoritative DNS server (infra/local/dns-server.ts), named by
 * DNS_SERVERS (`127.0.0.1:<port>`, set by the local stack only): the same code path either way.
 * Three outcomes: the values found; none (the name does not exist, or has no TXT record: a
 * definitive answer); or the DNS could not be asked (a timeout, a server failure: try later).
 */
import { Resolver } from 'node:dns/promises';

export type TxtLookup = { kind: 'found'; values: string[] } | { kind: 'none' } | { kind: 'unreachable'; error: string };

/** Definitive answers: NXDOMAIN (ENOTFOUND) and NOERROR without TXT (ENODATA). */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

function resolver(): Resolver {
  // 2 s a try, 3 tries: a slow resolver is not a missing record.
  const r = new Resolver({ timeout: 2000, tries: 3 });
  const servers = process.env.DNS_SERVERS?.split(',').map((s) => s.trim()).filter(Boolean);
  if (servers?.length) r.setServers(servers);
  return r;
}

/** The TXT values of `name` (each record's strings joined, as RFC 7208 reads them). */
export async function lookupTxt(name: string): Promise<TxtLookup> {
  try {
    const records = await resolver().resolveTxt(name);
    return records.length ? { kind: 'found', values: records.map((chunks) => chunks.join('')) } : { kind: 'none' };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (ABSENT.has(code)) return { kind: 'none' };
    return { kind: 'unreachable', error: `${code || 'error'}: ${(e as Error).message}` };
  }
}
