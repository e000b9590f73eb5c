/**
 * The Inbox's canned messages (000 §2, §3, §5, §6, §7; docs/decisions.md "Inbox"):
 * - `listMessages`: one page of the brand's messages by name (cursor or page number), the total kept on write;
 * - `createMessage` / `updateMessage`: BRAND_ADMIN, or ADMIN acting for a brand (the route's
 *   access); the content sanitised as the contact form's email is (the same sanitiser), a name
 *   unique per brand case-insensitively (409), another brand's id answered as an unknown one (404),
 *   and an edit of a version someone else has replaced refused (409), never silently overwritten.
 */
import { CANNED_MSG as M } from '../../shared/messages/canned-messages';
import type { CannedMessage, CreateCannedMessageBody, ListCannedMessagesQuery, UpdateCannedMessageBody } from '../../shared/schemas/contact';
import { getBrand } from '../brands';
import type { AuthContext } from '../lib/http/auth';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/http/errors';
import { CannedNameTakenError, countCannedMessages, getCannedMessage, pageCannedMessages, putCannedMessage, updateCannedMessage, type CannedMessageRecord } from './canned-messages.repo';

export function cannedView(m: CannedMessageRecord): CannedMessage {
  return { _id: m._id, name: m.name, content: m.content, brand: m.brand, status: m.status, createdAt: m.createdAt, updatedAt: m.updatedAt };
}

/** The brand written to: a brand user's own (the body may name it, only it), the one an ADMIN names (it must exist). */
async function brandOf(auth: AuthContext, brand: string | undefined): Promise<string> {
  if (!auth.isAdmin && brand && brand !== auth.brand) throw new ForbiddenError();
  const brandId = auth.isAdmin ? brand : auth.brand;
  if (!brandId) throw new ValidationError(M.brandRequired, [{ path: 'brand', message: M.brandRequired }]);
  if (auth.isAdmin && !(await getBrand(brandId))) throw new NotFoundError(M.brandNotFound);
  return brandId;
}

/** The stored content: sanitised; nothing left to read is 'Message is required.'. */
async function cleanContent(html: string): Promise<string> {
  // The sanitiser is loaded by the calls that write, not with the module (the list call never uses it).
  const { hasContent, sanitizeMessage } = await import('./domain/sanitize');
  const content = sanitizeMessage(html);
  if (!hasContent(content)) throw new ValidationError(M.contentRequired, [{ path: 'content', message: M.contentRequired }]);
  return content;
}

/** GET /cannedmessages: a page past the end reads nothing (a huge page number costs one GetItem). */
export async function listMessages(q: ListCannedMessagesQuery) {
  const counts = await countCannedMessages(q.brand);
  const totalCount = q.status === 'active' ? counts.active : q.status === 'inactive' ? counts.count - counts.active : counts.count;
  const skip = q.cursor ? 0 : (q.page - 1) * q.limit;
  if (!q.cursor && skip >= totalCount) return { data: [], totalCount, nextCursor: null };
  const page = await pageCannedMessages(q.brand, { ascending: q.sort === 'name;asc', limit: q.limit, skip, cursor: q.cursor, status: q.status });
  return { data: page.items.map(cannedView), totalCount, nextCursor: page.nextCursor ?? null };
}

/** POST /cannedmessages */
export async function createMessage(auth: AuthContext, body: CreateCannedMessageBody) {
  const brand = await brandOf(auth, body.brand);
  const content = await cleanContent(body.content);
  try {
    const { message } = await putCannedMessage({ name: body.name, content, brand, status: body.status, createdBy: auth.sub });
    return { message: M.created, data: cannedView(message) };
  } catch (e) {
    if (e instanceof CannedNameTakenError) throw new ConflictError(M.nameTaken);
    throw e;
  }
}

/** PUT /cannedmessages/{id} */
export async function updateMessage(auth: AuthContext, id: string, body: UpdateCannedMessageBody) {
  const brand = await brandOf(auth, body.brand);
  const current = await getCannedMessage(id);
  // Another brand's message answers as an unknown id: its existence is not revealed.
  if (!current || current.brand !== brand) throw new NotFoundError(M.notFound);
  const content = await cleanContent(body.content);
  const out = await updateCannedMessage(current, body.updatedAt, { name: body.name, content, status: body.status, updatedBy: auth.sub });
  if (out.outcome === 'nameTaken') throw new ConflictError(M.nameTaken);
  if (out.outcome === 'stale') throw new ConflictError(M.stale);
  return { message: M.updated, data: cannedView(out.message) };
}
