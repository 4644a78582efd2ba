/**
 * The files status records link to, as real small files: a one-page proof PDF per order (pdf-lib)
 * and a PNG per rendered page (pngjs). The bytes depend only on what they show (no clock, no random
 * IDs), so two downloads of one file are equal. Built on first request and kept per instance.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import { PNG } from 'pngjs';

/** 6 x 4 in, in points. */
export const PROOF_SIZE = { width: 432, height: 288 } as const;
export const PAGE_SIZE = { width: 240, height: 160 } as const;

/** Enough for any test's orders; older proofs are built again if asked for (same bytes). */
const PROOF_CACHE_LIMIT = 500;
const TEXT_LIMIT = 60;

export interface ProofContent {
	orderNumber: string;
	productId: string;
	recipient: string;
	/** ISO time written as the PDF's creation and modification date: fixed per order. */
	created: string;
}

/** Helvetica covers WinAnsi only: other characters (a recipient in another script) print as '?'. */
function printable(font: PDFFont, text: string): string {
	const known = new Set(font.getCharacterSet());
	const chars = [...text.replace(/[\r\n\t]+/g, ' ')].map((c) => (known.has(c.codePointAt(0)!) ? c : '?'));
	return chars.length > TEXT_LIMIT ? `${chars.slice(0, TEXT_LIMIT - 1).join('')}…` : chars.join('');
}

export async function proofPdf(content: ProofContent): Promise<Buffer> {
	const doc = await PDFDocument.create({ updateMetadata: false });
	const date = new Date(content.created);
	doc.setTitle(`Proof ${content.orderNumber}`);
	doc.setProducer('print-store-sandbox');
	doc.setCreator('print-store-sandbox');
	doc.setCreationDate(date);
	doc.setModificationDate(date);
	const page = doc.addPage([PROOF_SIZE.width, PROOF_SIZE.height]);
	const font = await doc.embedFont(StandardFonts.Helvetica);
	const bold = await doc.embedFont(StandardFonts.HelveticaBold);
	page.drawRectangle({ x: 12, y: 12, width: PROOF_SIZE.width - 24, height: PROOF_SIZE.height - 24, borderColor: rgb(0.2, 0.4, 0.7), borderWidth: 2 });
	page.drawText('Proof', { x: 32, y: 220, size: 32, font: bold, color: rgb(0.2, 0.4, 0.7) });
	const lines = [`Order ${content.orderNumber}`, `Product ${content.productId}`, `Recipient ${content.recipient}`];
	lines.forEach((line, i) => page.drawText(printable(font, line), { x: 32, y: 170 - i * 28, size: 16, font }));
	page.drawText('Print Store sandbox', { x: 32, y: 32, size: 10, font, color: rgb(0.5, 0.5, 0.5) });
	// Object streams and the default metadata would make the bytes differ between runs.
	return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
	const a = s * Math.min(l, 1 - l);
	const f = (n: number) => {
		const k = (n + h / 30) % 12;
		return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
	};
	return [f(0), f(8), f(4)];
}

/**
 * Page `n`: a hue of its own (a golden-angle step per page), lighter from left to right, with
 * diagonal stripes, and `n` white squares along the top (up to 12) so a person can tell pages apart.
 */
export function pagePng(n: number): Buffer {
	const { width, height } = PAGE_SIZE;
	const png = new PNG({ width, height });
	const hue = ((n - 1) * 137.5) % 360;
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const stripe = (x + y) % 32 < 6;
			const square = y >= 8 && y < 18 && x >= 8 && x < 8 + Math.min(n, 12) * 16 && (x - 8) % 16 < 10;
			const [r, g, b] = square ? [255, 255, 255] : hslToRgb(hue, 0.7, (stripe ? 0.25 : 0.35) + (0.35 * x) / width);
			const i = (y * width + x) * 4;
			png.data[i] = r;
			png.data[i + 1] = g;
			png.data[i + 2] = b;
			png.data[i + 3] = 255;
		}
	}
	return PNG.sync.write(png);
}

/** The built files of one sandbox, by order ID (proofs) and page number (pages). */
export class FileCache {
	private readonly proofs = new Map<string, Promise<Buffer>>();
	private readonly pages = new Map<number, Buffer>();

	proof(orderId: string, content: () => ProofContent): Promise<Buffer> {
		let pdf = this.proofs.get(orderId);
		if (!pdf) {
			pdf = proofPdf(content());
			// A failed build is not kept: the next request tries again.
			pdf.catch(() => this.proofs.delete(orderId));
			if (this.proofs.size >= PROOF_CACHE_LIMIT) this.proofs.delete(this.proofs.keys().next().value!);
			this.proofs.set(orderId, pdf);
		}
		return pdf;
	}

	page(n: number): Buffer {
		let png = this.pages.get(n);
		if (!png) {
			png = pagePng(n);
			this.pages.set(n, png);
		}
		return png;
	}

	clear(): void {
		this.proofs.clear();
	}
}
