import { deflateSync } from 'node:zlib';

/**
 * Hand-written PDFs for the hostile-files suite: objects 1–5 are a catalog, a page tree, a page,
 * a font and the page's content stream, with an xref table of true offsets unless it is broken.
 */
function pdfOf(objects: Array<string | Buffer>, { brokenXref = false } = {}): Buffer {
  const parts = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    parts.push(part);
    offset += part.length;
  });
  const rows = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  const xref = brokenXref
    ? 'xref\n0 9\nthis is no table\n'
    : `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}`;
  parts.push(
    Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`),
  );
  return Buffer.concat(parts);
}

/** A stream of `content`; `length` what its dictionary declares. */
const streamOf = (content: Buffer, entries = '', length = content.length) =>
  Buffer.concat([Buffer.from(`<< /Length ${length} ${entries}>>\nstream\n`), content, Buffer.from('\nendstream')]);
const TEXT = Buffer.from('BT /F1 12 Tf 72 720 Td (BMI 24.6) Tj ET');
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const PAGE =
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>';

function reportPdf({
  catalog = '',
  pages = 1,
  content = streamOf(TEXT),
  brokenXref = false,
}: { catalog?: string; pages?: number; content?: Buffer; brokenXref?: boolean } = {}): Buffer {
  const kids = '3 0 R '.repeat(pages);
  return pdfOf(
    [
      `<< /Type /Catalog /Pages 2 0 R ${catalog}>>`,
      `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
      PAGE,
      FONT,
      content,
    ],
    { brokenXref },
  );
}

/** One page stating "BMI 24.6". */
export const genuinePdf = () => reportPdf();

/** An array nested `depth` deep in the catalog. */
export const nestedArraysPdf = (depth: number) =>
  reportPdf({ catalog: `/X ${'['.repeat(depth)}${']'.repeat(depth)} ` });

/** The content stream's dictionary nested `depth` deep. */
export const nestedDictionariesPdf = (depth: number) =>
  reportPdf({ content: streamOf(TEXT, `/X ${'<< /A '.repeat(depth)}1${' >>'.repeat(depth)} `) });

/** A content stream declaring 2 GB. */
export const hugeDeclaredStreamPdf = () => reportPdf({ content: streamOf(TEXT, '', 2147483647) });

/** A content stream of `megabytes` MB of spaces, deflated (about 1,000 to 1). */
export const compressionBombPdf = (megabytes: number) =>
  reportPdf({
    content: streamOf(deflateSync(Buffer.alloc(megabytes * 1024 * 1024, 0x20), { level: 9 }), '/Filter /FlateDecode '),
  });

/** A page drawing `lines` distinct lines of text in one place, deflated. */
export function textFloodPdf(lines: number): Buffer {
  const drawn = Array.from({ length: lines }, (_, i) => `1 0 0 1 72 ${100 + (i % 600)} Tm (BMI ${i}) Tj\n`);
  return reportPdf({
    content: streamOf(deflateSync(Buffer.from(`BT /F1 12 Tf\n${drawn.join('')}ET`)), '/Filter /FlateDecode '),
  });
}

/** A page tree of `pages` pages (one page object listed `pages` times). */
export const manyPagesPdf = (pages: number) => reportPdf({ pages });

/** A report whose xref table is garbage (pdf.js indexes the objects itself). */
export const corruptXrefPdf = () => reportPdf({ brokenXref: true });
