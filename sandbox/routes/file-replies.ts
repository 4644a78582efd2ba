/**
 * Answers with a proof or a rendered page, the same on the API host (/api/v1/files/...) and on the
 * file host, after the setting's delay: type, an inline file name (Fastify adds Content-Length, HEAD
 * included; with the setting `chunked`, the file goes as a stream of chunks without one), and 404 in
 * the sandbox's error body for an unknown order, a page it does not have, or an order whose files are
 * set missing.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { SandboxContext } from '../context';
import { ApiError } from '../errors';
import { pageCount } from '../domain/file-links';
import { recipientName } from '../domain/lifecycle';
import type { OrderRecord } from '../domain/types';

/** The order a proof file (`<ID>.pdf`) names, if it has one; else 404. */
export function proofOrder(ctx: SandboxContext, file: string): OrderRecord {
	const id = /^(.+)\.pdf$/.exec(file)?.[1];
	const order = id === undefined ? undefined : ctx.state.orders.get(id);
	if (!order) throw new ApiError(404, `No proof ${file}: no such order`);
	return order;
}

/** The order and page number a render (`<ID>/page-<n>.png`) names, if it has that page; else 404. */
export function renderedPage(ctx: SandboxContext, orderId: string, file: string): { order: OrderRecord; page: number } {
	const order = ctx.state.orders.get(orderId);
	if (!order) throw new ApiError(404, `No rendered pages for order '${orderId}': no such order`);
	const page = Number(/^page-([1-9]\d{0,5})\.png$/.exec(file)?.[1]);
	const pages = pageCount(order);
	if (!(page <= pages)) throw new ApiError(404, `No page ${file} for order '${orderId}': it has ${pages} rendered page(s), page-1.png to page-${pages}.png`);
	return { order, page };
}

function unlessMissing(ctx: SandboxContext, order: OrderRecord, what: string): void {
	if (ctx.fileLinks.isMissing(order)) throw new ApiError(404, `The ${what} of order '${order.id}' is gone`);
}

export async function sendProof(ctx: SandboxContext, reply: FastifyReply, order: OrderRecord): Promise<FastifyReply> {
	await delayed(ctx, 'proofs');
	unlessMissing(ctx, order, 'proof');
	const pdf = await ctx.files.proof(order.id, () => ({
		orderNumber: order.number,
		productId: order.details.Product.ID,
		recipient: recipientName(order.details.Recipient),
		created: order.created,
	}));
	return sendFile(ctx, reply, 'application/pdf', `proof-${order.number}.pdf`, pdf);
}

export async function sendPage(ctx: SandboxContext, reply: FastifyReply, order: OrderRecord, page: number): Promise<FastifyReply> {
	await delayed(ctx, 'pages');
	unlessMissing(ctx, order, 'rendered pages');
	return sendFile(ctx, reply, 'image/png', `page-${page}-${order.number}.png`, ctx.files.page(page));
}

/** Bytes of a chunked answer's chunks. */
const CHUNK_BYTES = 1024;

/** The settings' delay for a proof or a page, before it is answered (whether it is there or not). */
async function delayed(ctx: SandboxContext, kind: 'proofs' | 'pages'): Promise<void> {
	const ms = ctx.fileLinks.current.delayMs[kind];
	if (ms > 0) await ctx.faults.sleep(ms);
}

/** A file of status records, whole or in chunks as the settings say. */
function sendFile(ctx: SandboxContext, reply: FastifyReply, type: string, filename: string, bytes: Buffer): FastifyReply {
	if (!ctx.fileLinks.current.chunked) return send(reply, type, filename, bytes);
	const chunks = Array.from({ length: Math.ceil(bytes.length / CHUNK_BYTES) }, (_, index) => bytes.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES));
	return send(reply, type, filename, Readable.from(chunks));
}

export function send(reply: FastifyReply, type: string, filename: string, body: Buffer | Readable): FastifyReply {
	return reply
		.type(type)
		.header('content-disposition', `inline; filename="${filename}"`)
		.send(body);
}
