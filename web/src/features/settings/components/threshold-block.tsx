/**
 * One threshold block of the settings (001 §2): a percent text input per robot and per
 * 'Diff. Column'. Robots are the columns of the grid (one per robot named in the settings, plus
 * any added here); diff columns are its rows. 0 means the column is not compared.
 */
import { useId } from 'react';
import { normalizePercent, type ThresholdBlockDef } from '../robot-columns';
import { AddRobot } from './add-robot';

/** Robot name → diff column → the text of its input. */
export type RobotInputs = Record<string, Record<string, string>>;

export interface ThresholdBlockProps {
  def: ThresholdBlockDef;
  robots: RobotInputs;
  onChange: (next: RobotInputs) => void;
  /** The inputs a new robot starts with. */
  newRobot: () => Record<string, string>;
}

export function ThresholdBlock({ def, robots, onChange, newRobot }: ThresholdBlockProps) {
  const id = useId();
  const names = Object.keys(robots);
  const extra = names.flatMap((r) => Object.keys(robots[r] ?? {})).filter((c) => c !== def.keyColumn && !def.columns.includes(c));
  const columns = [...def.columns, ...new Set(extra)];

  const setValue = (robot: string, column: string, text: string) => onChange({ ...robots, [robot]: { ...robots[robot], [column]: text } });
  const removeRobot = (robot: string) => {
    const next = { ...robots };
    delete next[robot];
    onChange(next);
  };

  return (
    <section className="th-block" aria-labelledby={`${id}-title`}>
      <header className="th-block__head">
        <h3 id={`${id}-title`} className="th-block__title">
          {def.title}
        </h3>
        <span className="th-block__key">Rows matched on {def.keyColumn}</span>
      </header>
      {names.length ? (
        <div className="th-block__scroll">
          <table className="th-table">
            <thead>
              <tr>
                <th scope="col" className="th-table__column">
                  Diff. Column
                </th>
                {names.map((robot) => (
                  <th key={robot} scope="col" className="th-table__robot">
                    <span className="th-table__robot-name">{robot}</span>
                    <button type="button" className="th-table__remove" aria-label={`Remove robot ${robot} from ${def.title}`} onClick={() => removeRobot(robot)}>
                      ×
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {columns.map((column) => (
                <tr key={column}>
                  <th scope="row" className="th-table__column">
                    {column}
                  </th>
                  {names.map((robot) => (
                    <td key={robot}>
                      <span className="th-input">
                        <input
                          type="text"
                          inputMode="numeric"
                          className="th-input__field"
                          aria-label={`${def.title}, ${robot}, ${column} (%)`}
                          value={robots[robot]?.[column] ?? '0'}
                          onChange={(e) => setValue(robot, column, e.target.value)}
                          onBlur={(e) => setValue(robot, column, String(normalizePercent(e.target.value)))}
                        />
                        <span className="th-input__unit" aria-hidden="true">
                          %
                        </span>
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="th-block__empty">No robot has thresholds of its own: every {def.title} robot is compared on the default columns.</p>
      )}
      <AddRobot title={def.title} listed={names} onAdd={(robot) => onChange({ ...robots, [robot]: newRobot() })} />
    </section>
  );
}
