import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from './clients/ses';
import { env } from './env';
import { logger } from './logger';

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
  return out.MessageId;
}

/** The templates' helpers, kept here for existing imports; the templates are in ./email/. */
export { escapeHtml, layout } from './email/html';
