/**
 * The contact form's rules that need no screen (000 §2, §3, §5): the default subject (one
 * product: 'Issue found on the {retailer} website'; several products or a flag: 'Issues found
 * …'), and canned-message placeholders ({User_name}, the first target contact's {firstName},
 * {lastName}, {email}, {role}, {Retailer_name}, {Brand_name}) filled with HTML-escaped values.
 */
import { CONTACT_VARIABLE_NAMES, defaultSubject, type ContactSource, type FormContact } from '@shared/schemas/contact';

export interface SubjectContext {
  retailerName: string;
  source: ContactSource;
  /** Products the email is about (none for the brand profile). */
  productCount: number;
  /** Opened from a flag modal (flagging): always the plural subject. */
  fromFlag?: boolean;
}

/** The spec's default subject: singular for exactly one product outside a flag modal, plural otherwise. */
export function subjectFor(c: SubjectContext): string {
  const single = !c.fromFlag && c.source === 'product' && c.productCount === 1;
  return defaultSubject(c.retailerName, single);
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The placeholder values: the form's fixed ones and the first target contact's fields (the names of shared/schemas/contact.ts, as GET /getvariable lists them). */
export function placeholderValues(fixed: Record<string, string>, target: Pick<FormContact, (typeof CONTACT_VARIABLE_NAMES)[number]> | undefined): Record<string, string> {
  return { ...fixed, ...(target ? Object.fromEntries(CONTACT_VARIABLE_NAMES.map((n) => [n, target[n]])) : {}) };
}

const TARGET_PLACEHOLDER = new RegExp(`\\{(${CONTACT_VARIABLE_NAMES.join('|')})\\}`);
/** Whether the text uses a placeholder of the target contact (then a target is needed first). */
export const needsTarget = (html: string): boolean => TARGET_PLACEHOLDER.test(html);

/** Every {Name} with a value replaced by the value, HTML-escaped; unknown names are left as they are. */
export function fillPlaceholders(html: string, values: Record<string, string>): string {
  return html.replace(/\{([A-Za-z_]+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? escape(values[name] ?? '') : whole));
}
