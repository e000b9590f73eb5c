import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from './clients/ses';
import { env } from './env';
import { logger } from './logger';
import { record } from './metrics';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}
export interface Email {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  html: string;
  text?: string;
  replyTo?: string[];
  attachments?: EmailAttachment[];
}

/** Send one email through SES (the local emulator when SES_ENDPOINT is set). */
export async function sendEmail(email: Email): Promise<string | undefined> {
  const out = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: env.sesFrom,
      Destination: { ToAddresses: email.to, CcAddresses: email.cc, BccAddresses: email.bcc },
      ReplyToAddresses: email.replyTo,
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: email.html, Charset: 'UTF-8' }, ...(email.text ? { Text: { Data: email.text, Charset: 'UTF-8' } } : {}) },
          ...(email.attachments?.length
            ? {
                Attachments: email.attachments.map((a) => ({
                  FileName: a.filename,
                  ContentType: a.contentType,
                  RawContent: a.content,
                })),
              }
            : {}),
        },
      },
    }),
  );
  logger.info('email sent', { to: email.to.length, subject: email.subject, messageId: out.MessageId });
  record('EmailsSent', 1);
  return out.MessageId;
}

/**
 * Send one email with attachments as a raw MIME message (SES SendEmail Raw content), built by
 * nodemailer's MailComposer: HTML and text parts, each attachment base64-encoded with its type.
 * BCC is given to SES as a destination only (MailComposer leaves the Bcc header out).
 */
export async function sendRawEmail(email: Email & { fromName?: string }): Promise<string | undefined> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const from = email.fromName ? { name: email.fromName, address: fromAddress(env.sesFrom) } : env.sesFrom;
  const mime = new MailComposer({
    from,
    to: email.to,
    cc: email.cc,
    bcc: email.bcc,
    replyTo: email.replyTo,
    subject: email.subject,
    html: email.html,
    text: email.text,
    attachments: (email.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, contentDisposition: 'attachment' as const })),
  }).compile();
  const data = await mime.build();
  const out = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: env.sesFrom,
      Destination: { ToAddresses: email.to, CcAddresses: email.cc, BccAddresses: email.bcc },
      Content: { Raw: { Data: data } },
    }),
  );
  logger.info('raw email sent', { to: email.to.length, attachments: email.attachments?.length ?? 0, bytes: data.length, messageId: out.MessageId });
  record('EmailsSent', 1);
  return out.MessageId;
}

/** The address of a From setting that may carry a display name (`Name <a@b>`). */
function fromAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

/** The templates' helpers, kept here for existing imports; the templates are in ./email/. */
export { escapeHtml, layout } from './email/html';
