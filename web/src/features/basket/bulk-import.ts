/**
 * The Bulk Items Import textarea (001 §2 'Enter Serials:', §5): one serial a line; the trailing
 * empty line is dropped (and blank lines anywhere, which name no serial); spaces around a serial
 * are not part of it; a serial given twice is imported once. Empty: the spec's 'Error' toast.
 */
export function parseSerials(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const serial = line.trim();
    if (!serial || seen.has(serial.toUpperCase())) continue;
    seen.add(serial.toUpperCase());
    out.push(serial);
  }
  return out;
}
