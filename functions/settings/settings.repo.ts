import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SettingsBody } from '../../shared/schemas/post-office';
import { ddb } from '../lib/clients/dynamodb';
import { table } from '../lib/table';
import { ROBOT_TYPES, robotTypeDefinition } from '../files/domain/robot-types';

export const SETTINGS_ID = 'threshold';
export const DEFAULT_ROBOT = 'default';
export type Settings = SettingsBody;

const settingsKey = { pk: `SETTINGS#${SETTINGS_ID}`, sk: 'SETTINGS' };

/** Until an admin saves: every type's default columns at 10 % for the default robot. */
export function defaultSettings(): Settings {
  const thresholds = Object.fromEntries(
    ROBOT_TYPES.map((t) => [t, { [DEFAULT_ROBOT]: Object.fromEntries(robotTypeDefinition(t).defaultDiffColumns.map((c) => [c, 10])) }]),
  ) as unknown as Settings['thresholds'];
  return { emailAlerts: [], ignoreImageData: false, thresholds };
}

/** GetItem SETTINGS#threshold (defaults when never saved) */
export async function getSettings(): Promise<Settings> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: settingsKey }));
  return (out.Item?.settings as Settings | undefined) ?? defaultSettings();
}

/** PutItem SETTINGS#threshold */
export async function putSettings(settings: Settings): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...settingsKey, entity: 'Settings', _id: SETTINGS_ID, settings, updatedAt: new Date().toISOString() } }));
}
