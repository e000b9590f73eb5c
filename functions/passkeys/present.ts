/** A passkey as its owner's list shows it: never its key or counter. */
import type { PasskeySummary } from '../../shared/schemas/passkeys';
import type { PasskeyRecord } from './passkeys.repo';

export const toSummary = (p: PasskeyRecord): PasskeySummary => ({ id: p.credentialId, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt ?? null });
