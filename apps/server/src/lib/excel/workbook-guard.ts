/**
 * Checks an uploaded file before any parsing: it must be an xlsx (a zip holding xl/workbook.xml), and what
 * its entries declare to expand to must stay within bounds, so a zip bomb is refused before it is inflated.
 */
import unzipper from 'unzipper';
import { AppError } from '../app-error.ts';

export const UPLOAD_LIMITS = {
  /** Larger uploads are refused with 413 by the multipart reader. */
  fileBytes: 10 * 1024 * 1024,
  /** What all entries of the workbook may declare to expand to. */
  expandedBytes: 200 * 1024 * 1024,
  /** Data rows read from one sheet. */
  rows: 100_000,
} as const;

const NOT_XLSX = 'The file is not an Excel workbook (.xlsx). Please upload the provided template.';

export async function assertReadableWorkbook(file: Buffer): Promise<void> {
  // Every zip starts with a local file header: "PK\x03\x04". PDFs, CSVs and old .xls files do not.
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) throw AppError.badRequest(NOT_XLSX);
  let directory: Awaited<ReturnType<typeof unzipper.Open.buffer>>;
  try {
    directory = await unzipper.Open.buffer(file);
  } catch {
    throw AppError.badRequest(NOT_XLSX);
  }
  if (!directory.files.some((entry) => entry.path === 'xl/workbook.xml')) throw AppError.badRequest(NOT_XLSX);
  const expanded = directory.files.reduce((total, entry) => total + Number(entry.uncompressedSize ?? 0), 0);
  if (expanded > UPLOAD_LIMITS.expandedBytes) throw tooLarge(`${Math.round(expanded / MB)} MB`);
  // The sizes above are what the archive claims; a forged archive can understate them, so inflate every
  // entry once, counting, and stop as soon as the real total passes the limit.
  let inflated = 0;
  for (const entry of directory.files) {
    if (entry.type !== 'File') continue;
    await new Promise<void>((resolve, reject) => {
      const stream = entry.stream();
      stream.on('data', (chunk: Buffer) => {
        inflated += chunk.length;
        if (inflated > UPLOAD_LIMITS.expandedBytes) {
          stream.destroy();
          reject(tooLarge(`more than ${UPLOAD_LIMITS.expandedBytes / MB} MB`));
        }
      });
      stream.on('end', () => resolve());
      stream.on('error', () => reject(AppError.badRequest(NOT_XLSX)));
    });
  }
}

const MB = 1024 * 1024;

function tooLarge(size: string): AppError {
  return AppError.badRequest(
    `The workbook expands to ${size}, over the ${UPLOAD_LIMITS.expandedBytes / MB} MB limit.`,
  );
}
