import { AwsSolutionsChecks } from 'cdk-nag';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { createApp } from '../../infra/create-app';
import { routes } from '../../shared/routes';
process.env.CDK_VALIDATION = 'false';
const t0 = Date.now();
const { app, stack } = createApp({
  context: { 'aws:cdk:bundling-stacks': [], stage: 'test', sesFromAddress: 'no-reply@example.com' },
  nag: false, outdir: '/tmp/inf/out', webDist: '/work/main/web/dist',
  routes: routes.filter((r) => !(r.grants as readonly string[]).includes('workflow:start')),
});
app.synth();
console.log('synth ms', Date.now() - t0);
const rep = new AwsSolutionsChecks().validateScope(app);
for (const v of rep.violations) console.log(v.severity, v.ruleName, v.violatingResources.map((r) => r.constructPath).join(', '));
const a = Annotations.fromStack(stack);
console.log(JSON.stringify(a.findWarning('*', Match.anyValue()), null, 1));
console.log(JSON.stringify(a.findError('*', Match.anyValue()), null, 1));
