/**
 * The public mailbox providers (gmail.com, outlook.de, yahoo.co.uk, mail.ru, …): the maintained
 * `email-providers` package's list (~8,800 domains), lower case, loaded on first use. Anyone can
 * have an address there, so no brand owns such a domain (functions/contact/domain/own-domains.ts,
 * functions/sso/domains.ts).
 */
let providers: Promise<ReadonlySet<string>> | undefined;

export const publicMailProviders = (): Promise<ReadonlySet<string>> =>
  (providers ??= import('email-providers/all.json', { with: { type: 'json' } }).then((m) => new Set((m.default as string[]).map((d) => d.toLowerCase()))));

/** Whether `domain` (lower case) is a public mailbox provider's. */
export const isPublicMailProvider = async (domain: string): Promise<boolean> => (await publicMailProviders()).has(domain);
