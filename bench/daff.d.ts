/** The few parts of daff 1.4.2 (CommonJS, no types of its own) that the diff bench uses. */
declare module 'daff' {
  interface Table {
    get_width(): number;
    get_height(): number;
  }
  interface Alignment {
    readonly __alignment: unique symbol;
  }
  interface CompareTable {
    align(): Alignment;
  }
  interface Daff {
    SimpleTable: new (width: number, height: number) => Table;
    /** Wraps an array of rows (arrays of cells); the array is the table's storage. */
    TableView: new (rows: unknown[][]) => Table;
    Csv: new (delimiter?: string, eol?: string) => { parseTable(text: string, table: Table): boolean };
    CompareFlags: new () => { addPrimaryKey(column: string): void };
    TableDiff: new (alignment: Alignment, flags: InstanceType<Daff['CompareFlags']>) => { hilite(output: Table): boolean };
    compareTables(local: Table, remote: Table, flags?: InstanceType<Daff['CompareFlags']>): CompareTable;
  }
  const daff: Daff;
  export default daff;
}
