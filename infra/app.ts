/**
 * The CDK app (cdk.json: `npx tsx infra/app.ts`). `npm run synth` / `npm run deploy`; see docs/deploy.md.
 * Context: `stage`, `sesFromAddress`, `appDomain`, `certificateArn`, `webAclArn`, `logLevel` (infra/config.ts).
 * cdk-nag's AwsSolutions pack runs at synth: an unacknowledged finding fails the synth.
 */
import { createApp } from './create-app';

createApp();
