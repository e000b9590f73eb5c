/** The public forms' emails to our own inboxes: every text the visitor typed is escaped, nothing of it is markup. */
import { escapeHtml, layout, type EmailContent } from './html';

const rows = (pairs: [string, string][]) =>
  `<table style="border-collapse:collapse">${pairs
    .map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`)
    .join('')}</table>`;
const plain = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}: ${v}`).join('\n');

export interface DemoRequestFields {
  firstName: string;
  lastName: string;
  email: string;
  website: string;
  companyName: string;
  phoneNumber: string;
  message: string;
}

/** POST /scheduledemos → the sales inbox. */
export function demoRequestEmail(d: DemoRequestFields, meta: { id: string; createdAt: string }): EmailContent & { text: string } {
  const pairs: [string, string][] = [
    ['Name', `${d.firstName} ${d.lastName}`],
    ['Email', d.email],
    ['Company', d.companyName],
    ['Website', d.website],
    ['Phone', d.phoneNumber],
    ['Message', d.message || '(none)'],
    ['Received', meta.createdAt],
    ['Request', meta.id],
  ];
  return { subject: `Demo request: ${d.companyName}`, html: layout('A demo request', rows(pairs)), text: plain(pairs) };
}

export interface BugReportFields {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** POST /contact_us → the support inbox, with the files attached. */
export function bugReportEmail(b: BugReportFields, meta: { id: string; createdAt: string; reporter?: string; files: string[] }): EmailContent & { text: string } {
  const pairs: [string, string][] = [
    ['Name', b.name],
    ['Email', b.email],
    ['Phone', b.phone || '(none)'],
    ['Signed in as', meta.reporter ?? '(not signed in)'],
    ['Files', meta.files.length ? meta.files.join(', ') : '(none)'],
    ['Received', meta.createdAt],
    ['Report', meta.id],
    ['Message', b.message],
  ];
  return { subject: `Bug report from ${b.name}`, html: layout('A bug report', rows(pairs)), text: plain(pairs) };
}
