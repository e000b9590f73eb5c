/**
 * cdk-nag 3.x: the AwsSolutions pack runs as a CDK validation plugin at synth; a finding that is
 * not acknowledged (`Validations.of(construct).acknowledge({ id, reason })`, next to the resource it
 * is about) fails `cdk synth`. The tests call the same pack's `validateScope` to list what is left.
 */
import { Stack, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export function applyNag(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/**
 * How cdk-nag names a CloudFormation value inside a finding id: `{ "Fn::GetAtt": ["Table123", "Arn"] }`
 * becomes `<Table123.Arn>`, a `Ref` becomes `<Id>`, joins are concatenated. Used to build the exact
 * `AwsSolutions-IAM5[Resource::...]` id of a wildcard we mean to allow.
 */
export function nagRef(scope: IConstruct, value: string): string {
  const visit = (node: unknown): string => {
    if (node === undefined) return '';
    if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
    if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (Array.isArray(o['Fn::Join'])) {
        const [delimiter, items] = o['Fn::Join'] as [string, unknown[]];
        return items.map(visit).join(delimiter);
      }
      if (o['Fn::Sub'] !== undefined) return visit(o['Fn::Sub']);
      if (Array.isArray(o['Fn::GetAtt'])) {
        const [resource, attribute] = o['Fn::GetAtt'] as [unknown, unknown];
        return `<${visit(resource)}.${visit(attribute)}>`;
      }
      if (o['Fn::ImportValue'] !== undefined) return visit(o['Fn::ImportValue']);
      if (o.Ref !== undefined) return `<${visit(o.Ref)}>`;
    }
    return JSON.stringify(node);
  };
  return visit(Stack.of(scope).resolve(value));
}
