/** Reads a CSV download as a spreadsheet would: the UTF-8 BOM, quoted cells with doubled quotes, CRLF rows. */

/** Splits RFC 4180 text (after the BOM) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) throw new Error("The CSV does not end with a complete row (CRLF).");
  return rows;
}

/** A 200 answer's rows, after checking it starts with the UTF-8 BOM Excel needs. */
export async function csvRowsOf(res: Response): Promise<string[][]> {
  if (res.status !== 200) throw new Error(`Expected a CSV download, got HTTP ${res.status}.`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes[0] !== 0xef || bytes[1] !== 0xbb || bytes[2] !== 0xbf) throw new Error("The CSV does not start with the UTF-8 BOM.");
  return parseCsv(new TextDecoder().decode(bytes.slice(3)));
}
