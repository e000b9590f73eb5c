/**
 * The one stack: storage, email, API, web, the file pipeline and the schedules (the EventBridge
 * rules starting the scheduled reports, infra/constructs/schedules.ts), composed here.
 *
 * One stack rather than data/api/web stacks: the email-sending functions need the app's address
 * (APP_URL = the distribution's domain, unless context `appDomain` names one) and the distribution
 * needs the API's endpoint. Across stacks that is an export cycle; inside one stack it is a plain
 * dependency order (email functions → distribution → API resource, nothing back: the distribution
 * depends on the API's endpoint, never on its routes or functions), which CloudFormation resolves.
 * So no SSM parameter or post-deploy step is needed for APP_URL.
 * Environment-agnostic (no account/region, no look-ups): synthesizes offline.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { routes as routeTable, type RouteDef } from '../shared/routes';
import type { AppConfig } from './config';
import { Api } from './constructs/api';
import type { FunctionResources } from './constructs/api-function';
import { Email } from './constructs/email';
import { Pipeline } from './constructs/pipeline';
import { Schedules } from './constructs/schedules';
import { Storage } from './constructs/storage';
import { Web } from './constructs/web';

export interface RetailerAuditStackProps extends StackProps {
  config: AppConfig;
  /** The built SPA to deploy (`web/dist`), when there is one. */
  webDist?: string;
  /** Defaults to the route table; the tests pass it explicitly. */
  routes?: readonly RouteDef[];
}

export class RetailerAuditStack extends Stack {
  readonly storage: Storage;
  readonly email: Email;
  readonly api: Api;
  readonly web: Web;
  readonly pipeline: Pipeline;
  readonly schedules: Schedules;

  constructor(scope: Construct, id: string, props: RetailerAuditStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.storage = new Storage(this, 'Storage');
    this.email = new Email(this, 'Email', { fromAddress: config.sesFromAddress });
    this.api = new Api(this, 'Api', { logLevel: config.logLevel });
    this.web = new Web(this, 'Web', {
      apiEndpoint: this.api.httpApi.apiEndpoint,
      originSecret: this.api.originSecret,
      webAclArn: config.webAclArn,
      logsBucket: this.storage.logsBucket,
      appDomain: config.appDomain,
      certificateArn: config.certificateArn,
      webDist: props.webDist,
      recaptcha: config.publicForms.captcha.provider === 'recaptcha',
    });

    // APP_URL comes from the distribution (or appDomain), which exists by now (see above).
    const resources: FunctionResources = {
      table: this.storage.table,
      dataBucket: this.storage.dataBucket,
      email: this.email,
      appUrl: this.web.appUrl,
      jwtSecret: this.api.jwtSecret,
      publicForms: config.publicForms,
    };
    this.pipeline = new Pipeline(this, 'Pipeline', { resources, logLevel: config.logLevel });
    this.schedules = new Schedules(this, 'Schedules', { resources, logLevel: config.logLevel });
    this.api.addRouteTable(props.routes ?? routeTable, { ...resources, stateMachine: this.pipeline.approval, originSecret: this.api.originSecret });

    new CfnOutput(this, 'AppUrl', { value: this.web.appUrl, description: 'The web app (and the API under /api)' });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
    new CfnOutput(this, 'DataBucketName', { value: this.storage.dataBucket.bucketName });
    new CfnOutput(this, 'SiteBucketName', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
  }
}
