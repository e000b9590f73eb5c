import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { RoleName } from '../../shared/constants';
import { ddb } from '../lib/clients/dynamodb';
import { clean, key, queryAll, table } from '../lib/table';

export interface RoleRecord {
  _id: string;
  name: RoleName;
}

/** Query gsi1 pk=ROLES (sorted by name) */
export async function listRoles(): Promise<RoleRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'ROLES' },
  });
  return items.map((i) => clean<RoleRecord>(i));
}

/** PutItem ROLE#id */
export async function putRole(role: RoleRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...key.role(role._id), entity: 'Role', gsi1pk: 'ROLES', gsi1sk: role.name, ...role } }));
}
