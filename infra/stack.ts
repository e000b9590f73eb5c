/**
 * The one stack: storage, email, API and web, composed here. One stack rather than data/api/web
 * stacks: the email functions need the distribution's address and the distribution needs the API,
 * which across stacks would be an export cycle; in one stack it is a plain dependency order
 * (functions → distribution → API endpoint, nothing back), resolved by CloudFormation.
 * Environment-agnostic (no account/region, no look-ups): synthesizes offline.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { routes as routeTable, type RouteDef } from '../shared/routes';
import type { AppConfig } from './config';
import { Api } from './constructs/api';
import { Email } from './constructs/email';
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

  constructor(scope: Construct, id: string, props: RetailerAuditStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.storage = new Storage(this, 'Storage');
    this.email = new Email(this, 'Email', { fromAddress: config.sesFromAddress });
    this.api = new Api(this, 'Api', { logLevel: config.logLevel });
    this.web = new Web(this, 'Web', {
      apiEndpoint: this.api.httpApi.apiEndpoint,
      logsBucket: this.storage.logsBucket,
      appDomain: config.appDomain,
      certificateArn: config.certificateArn,
      webDist: props.webDist,
    });

    // APP_URL comes from the distribution (or appDomain), which exists by now: no cycle, since the
    // distribution depends on the API's endpoint only, never on its routes or functions.
    this.api.addRouteTable(props.routes ?? routeTable, {
      table: this.storage.table,
      dataBucket: this.storage.dataBucket,
      email: this.email,
      appUrl: this.web.appUrl,
    });

    new CfnOutput(this, 'AppUrl', { value: this.web.appUrl, description: 'The web app (and the API under /api)' });
    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'The HTTP API without CloudFront (routes without /api)' });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
    new CfnOutput(this, 'DataBucketName', { value: this.storage.dataBucket.bucketName });
    new CfnOutput(this, 'SiteBucketName', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
  }
}
