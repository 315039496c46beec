/**
 * Counts the rows and cells of a workbook's worksheet XML while the guard inflates it, so a sheet that would
 * cost too much to read is refused before ExcelJS starts, the moment a bound is passed. ExcelJS alone cannot
 * do this: it hands over a row only once the whole row is parsed, so a row of millions of cells would be built
 * in memory first. A small state machine over the bytes rather than an XML parser, because it runs over every
 * upload next to ExcelJS's own parse and must cost little. It follows what matters to that parser (start tags
 * named exactly `c` and `row`, their `r` attribute, quotes, comments, CDATA, processing instructions) and errs
 * towards counting more: a malformed `<` inside a tag or value starts a new tag here, where the parser would
 * stop reading the file.
 */
import { SheetRefusal } from './sheet-refusal.ts';

export interface SheetBounds {
  /** Cells in one row, and the column any cell may sit in. */
  columnsPerRow: number;
  /** Cells in all sheets together. */
  cells: number;
  /** Rows in all sheets together, blank ones included. */
  sheetRows: number;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const EQUALS = 0x3d;
const DASH = 0x2d;
const CLOSE_BRACKET = 0x5d;

enum State {
  Text,
  Open,
  Name,
  Attributes,
  Value,
  SkipTag,
  Bang,
  Comment,
  CData,
  Instruction,
}

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const fmt = (count: number) => count.toLocaleString('en-US');

/** The column number of a cell reference such as "AB12" (as ExcelJS decodes it: capitals only), 0 if none. */
function columnOf(reference: string): number {
  let column = 0;
  for (let index = 0; index < reference.length; index++) {
    const code = reference.charCodeAt(index);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return column;
}

/** The totals of one workbook; `sheet()` gives the scanner of each worksheet entry. */
export class WorkbookCellCount {
  cells = 0;
  rows = 0;

  constructor(readonly bounds: SheetBounds) {}

  sheet(): SheetScanner {
    return new SheetScanner(this);
  }
}

export class SheetScanner {
  private state = State.Text;
  /** The element's name, kept to 4 characters: enough to tell `c` and `row` from longer names. */
  private name = '';
  /** The attribute's name, kept to 2 characters: enough to tell `r` from `r:id`, `ref`... */
  private attribute = '';
  private quote = 0;
  private capturing = false;
  /** The `r` attribute of the current `c` or `row` tag. */
  private reference = '';
  /** After `<!`: the characters that tell a comment from CDATA from a declaration. */
  private opening = '';
  /** Dashes, brackets or a question mark just seen, towards the end of a comment, CDATA or instruction. */
  private run = 0;
  private rowNumber = 0;
  private cellsInRow = 0;
  private lastColumn = 0;

  constructor(private readonly totals: WorkbookCellCount) {}

  /** Reads the next piece of the sheet's XML; throws SheetRefusal as soon as a bound is passed. */
  write(chunk: Uint8Array): void {
    const length = chunk.length;
    let index = 0;
    while (index < length) {
      switch (this.state) {
        case State.Text: {
          // Most of a sheet is values between tags: jump to the next tag.
          const at = chunk.indexOf(LT, index);
          if (at < 0) return;
          index = at + 1;
          this.state = State.Open;
          break;
        }
        case State.Open: {
          const byte = chunk[index++] as number;
          if (byte === SLASH) this.state = State.SkipTag;
          else if (byte === BANG) {
            this.opening = '';
            this.state = State.Bang;
          } else if (byte === QUESTION) {
            this.run = 0;
            this.state = State.Instruction;
          } else if (byte !== LT) {
            this.name = '';
            this.attribute = '';
            this.reference = '';
            this.state = State.Name;
            index--; // The byte is the name's first character (or ends an empty name).
          }
          break;
        }
        case State.Name: {
          const byte = chunk[index++] as number;
          if (byte === GT) this.endTag();
          else if (byte === LT) this.endTag(State.Open);
          else if (isSpace(byte) || byte === SLASH) this.state = State.Attributes;
          else if (this.name.length < 4) this.name += String.fromCharCode(byte);
          break;
        }
        case State.Attributes: {
          const byte = chunk[index++] as number;
          if (byte === GT) this.endTag();
          else if (byte === LT) this.endTag(State.Open);
          else if (byte === DOUBLE_QUOTE || byte === SINGLE_QUOTE) {
            this.quote = byte;
            this.capturing = this.attribute === 'r' && (this.name === 'c' || this.name === 'row');
            this.state = State.Value;
          } else if (!isSpace(byte) && byte !== EQUALS && byte !== SLASH && this.attribute.length < 2) {
            this.attribute += String.fromCharCode(byte);
          }
          break;
        }
        case State.Value: {
          const byte = chunk[index++] as number;
          if (byte === this.quote) {
            this.attribute = '';
            this.state = State.Attributes;
          } else if (byte === LT) this.endTag(State.Open);
          else if (this.capturing && this.reference.length < 16) this.reference += String.fromCharCode(byte);
          break;
        }
        case State.SkipTag: {
          // A closing tag or a declaration: nothing to count until it ends.
          const byte = chunk[index++] as number;
          if (byte === GT) this.state = State.Text;
          else if (byte === LT) this.state = State.Open;
          break;
        }
        case State.Bang: {
          this.opening += String.fromCharCode(chunk[index++] as number);
          if (this.opening === '--') {
            this.run = 0;
            this.state = State.Comment;
          } else if (this.opening === '[CDATA[') {
            this.run = 0;
            this.state = State.CData;
          } else if (!'--'.startsWith(this.opening) && !'[CDATA['.startsWith(this.opening)) {
            this.state = State.SkipTag;
          }
          break;
        }
        case State.Comment:
        case State.CData: {
          // Ends at "-->" or "]]>"; what is inside is not markup.
          const mark = this.state === State.Comment ? DASH : CLOSE_BRACKET;
          const byte = chunk[index++] as number;
          if (byte === mark) this.run++;
          else if (byte === GT && this.run >= 2) this.state = State.Text;
          else this.run = 0;
          break;
        }
        case State.Instruction: {
          const byte = chunk[index++] as number;
          if (byte === GT && this.run > 0) this.state = State.Text;
          else this.run = byte === QUESTION ? 1 : 0;
          break;
        }
      }
    }
  }

  private endTag(next: State = State.Text): void {
    this.state = next;
    if (this.name === 'c') this.countCell();
    else if (this.name === 'row') this.countRow();
    this.name = '';
  }

  private countRow(): void {
    const { bounds } = this.totals;
    if (++this.totals.rows > bounds.sheetRows) {
      throw new SheetRefusal('sheets.tooManySheetRows', { max: fmt(bounds.sheetRows) });
    }
    // ExcelJS numbers rows by their `r`; without one, the next number is the likeliest reading.
    const number = Number.parseInt(this.reference, 10);
    this.rowNumber = Number.isFinite(number) ? number : this.rowNumber + 1;
    this.cellsInRow = 0;
    this.lastColumn = 0;
  }

  private countCell(): void {
    const { bounds } = this.totals;
    this.lastColumn = columnOf(this.reference) || this.lastColumn + 1;
    if (++this.cellsInRow > bounds.columnsPerRow || this.lastColumn > bounds.columnsPerRow) {
      throw new SheetRefusal('sheets.tooManyColumns', {
        row: fmt(Math.max(this.rowNumber, 1)),
        max: fmt(bounds.columnsPerRow),
      });
    }
    if (++this.totals.cells > bounds.cells) {
      throw new SheetRefusal('sheets.tooManyCells', { max: fmt(bounds.cells) });
    }
  }
}
