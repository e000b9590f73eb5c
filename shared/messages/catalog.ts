/** Literal texts of the brand's catalogue (golden record, issue 38 §1): Settings › Catalogue and the catalogue ingest. Ours: the spec has no catalogue. */
export const CATALOG_LIMITS = {
  /** A file larger than this is refused before a byte is read (the upload link allows no more either). */
  maxFileBytes: 100 * 1024 * 1024,
  /** Entries a catalogue may hold. */
  maxEntries: 200_000,
  skuLength: 100,
  nameLength: 500,
  descriptionLength: 10_000,
  picturesPerEntry: 20,
  /** Problems listed (all are counted). */
  listedErrors: 100,
  /** Imports shown in Settings › Catalogue. */
  importsShown: 10,
} as const;

export const CATALOG_MSG = {
  tab: 'Catalogue',
  title: 'Catalogue',
  intro: "Your products as they should appear: official names, descriptions, pictures and recommended prices per market. The content checks compare every retailer's products with it.",
  upload: 'Upload catalogue',
  uploading: 'Uploading…',
  checking: 'Checking the file…',
  applied: (n: number) => `Catalogue applied: ${n.toLocaleString('en-US')} products.`,
  refused: 'The catalogue was not applied; the current catalogue is kept.',
  noCatalog: 'No catalogue yet. Upload a CSV or JSON-lines file (see the sample).',
  sample: 'Download a sample',
  noProducts: 'No Products Found',
  noImports: 'No catalogue uploaded yet',
  current: (n: number, date: string) => `${n.toLocaleString('en-US')} products, from the file of ${date}`,
  searchPlaceholder: 'Search Brand SKU',
  importsTitle: 'Recent catalogue files',
  status: { checking: 'Checking', applied: 'Applied', refused: 'Refused' } as const,
  fileRequired: 'Please select file.',
  fileType: 'Only .csv and .jsonl files can be uploaded as a catalogue.',
  fileTooLarge: (mb: number) => `The file is too large: at most ${mb} MB.`,
  fileSizeTooLarge: (mb: number, max: number) => `The catalogue file is ${mb.toLocaleString('en-US')} MB; a catalogue file is at most ${max} MB. Split it or remove unused columns.`,
  notCatalogKey: (key: string) => `Not a catalogue file: ${key} (expected incoming/catalog/<brand-slug>/<YYYY-MM-DD>/<name>.csv or .jsonl).`,
  unknownBrand: (slug: string) => `Unknown brand slug "${slug}" in a catalogue file: add the brand first or fix the folder name.`,
  notApplied: (n: number) => `The catalogue was not applied: ${n.toLocaleString('en-US')} line(s) have problems. The current catalogue is kept.`,
  empty: 'The catalogue has no product. The current catalogue is kept.',
  tooManyEntries: (max: number) => `The catalogue has more than ${max.toLocaleString('en-US')} products: the current catalogue is kept.`,
  newerCurrent: 'A newer catalogue is already current; this file was not applied.',
  missingColumns: (cols: readonly string[]) => `The header lacks ${cols.join(' and ')} (expected columns: Brand SKU, Name, Description, Category, Collection, Status, Images, Retired Images, and one MSRP <country> <currency> column a market, e.g. MSRP FR EUR).`,
  columnTwice: (c: string) => `The column ${c} appears twice.`,
  unknownColumn: (c: string) => `The column "${c}" is not a catalogue column.`,
  unknownCountry: (c: string, country: string) => `${c}: ${country} is not an ISO 3166 country code.`,
  unknownCurrency: (c: string, currency: string) => `${c}: ${currency} is not an ISO 4217 currency code.`,
  notJson: 'not a JSON object',
  notCsv: (line: number | undefined, why: string) => `The file is not valid CSV${line ? ` (line ${line})` : ''}: ${why}`,
  emptyFile: 'The file is empty: it needs a header line (Brand SKU, Name, …).',
  fileFormat: 'A catalogue file is a .csv or a .jsonl file.',
} as const;
