import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SettingsBody } from '../../shared/schemas/post-office';
import { DEFAULT_ROBOT_HEALTH_SETTINGS, type RobotHealthSettings } from '../../shared/schemas/robot-health';
import { ddb } from '../lib/clients/dynamodb';
import { isConditionFailed, table } from '../lib/table';
import { DEFAULT_ROBOT, ROBOT_TYPES, robotTypeDefinition } from '../files';

export const SETTINGS_ID = 'threshold';
/** The settings as stored and read: the robot health thresholds always filled (the defaults until saved). */
export type Settings = Omit<SettingsBody, 'robotHealth'> & { robotHealth: RobotHealthSettings };

const settingsKey = { pk: `SETTINGS#${SETTINGS_ID}`, sk: 'SETTINGS' };

/** Until an admin saves: every type's default columns at 10 % for the default robot. */
export function defaultSettings(): Settings {
  const thresholds = Object.fromEntries(
    ROBOT_TYPES.map((t) => [t, { [DEFAULT_ROBOT]: Object.fromEntries(robotTypeDefinition(t).defaultDiffColumns.map((c) => [c, 10])) }]),
  ) as unknown as Settings['thresholds'];
  return { emailAlerts: [], ignoreImageData: false, thresholds, robotHealth: { ...DEFAULT_ROBOT_HEALTH_SETTINGS } };
}

/** GetItem SETTINGS#threshold (defaults when never saved) */
export async function getSettings(): Promise<Settings> {
  return (await getSettingsRecord()).settings;
}

/** GetItem SETTINGS#threshold with its version (0: never saved) */
export async function getSettingsRecord(): Promise<{ settings: Settings; version: number; updatedAt?: string }> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: settingsKey, ConsistentRead: true }));
  if (!out.Item) return { settings: defaultSettings(), version: 0 };
  const stored = out.Item.settings as Omit<Settings, 'robotHealth'> & { robotHealth?: Partial<RobotHealthSettings> };
  return { settings: { ...stored, robotHealth: { ...DEFAULT_ROBOT_HEALTH_SETTINGS, ...stored.robotHealth } }, version: Number(out.Item.version ?? 1), updatedAt: out.Item.updatedAt as string | undefined };
}

/**
 * PutItem SETTINGS#threshold, version + 1; with `expectedVersion`, only over that version (so two
 * admins editing at once cannot silently overwrite each other). Returns the new version, or
 * undefined when the stored version is another.
 */
export async function putSettings(settings: Settings, expectedVersion?: number): Promise<number | undefined> {
  const current = expectedVersion ?? (await getSettingsRecord()).version;
  const { version: _v, ...plain } = settings;
  try {
    await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...settingsKey, entity: 'Settings', _id: SETTINGS_ID, settings: plain, version: current + 1, updatedAt: new Date().toISOString() },
        ...(current === 0
          ? { ConditionExpression: 'attribute_not_exists(pk) OR attribute_not_exists(version)' }
          : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current } }),
      }),
    );
    return current + 1;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}
