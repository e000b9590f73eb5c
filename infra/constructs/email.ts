/**
 * Email: the SES identity of the address every email is sent from (context `sesFromAddress`).
 * SES mails that address a verification link on deploy; sending works once it is clicked.
 */
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { EmailSender } from './api-function';

export interface EmailProps {
  fromAddress: string;
}

export class Email extends Construct implements EmailSender {
  readonly fromAddress: string;
  readonly identity: EmailIdentity;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.fromAddress = props.fromAddress;
    this.identity = new EmailIdentity(this, 'FromIdentity', { identity: Identity.email(props.fromAddress) });
  }

  /** The identity ARN a sender's `ses:SendEmail` is scoped to. */
  get identityArn(): string {
    return this.identity.emailIdentityArn;
  }
}
