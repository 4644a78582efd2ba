/**
 * Fault injection for /api/v1: latency, latency spikes, 429 with Retry-After, 500, 503, dropped
 * connections, and a forced short token lifetime. Decisions come from a seeded PRNG (mulberry32),
 * drawn in a fixed order per request (drop, spike, status), so a run with the same seed and the same
 * request sequence is reproducible. A status fault answers before the route handler runs, so a
 * faulted create never creates anything; the "after" faults (dropAfterRate, rate500After) let the
 * handler act first (orders created, invite key used, association removed) and then drop the
 * connection or answer 500: the ambiguous failures a client must not retry blindly.
 * listTotalCountExtra changes no request's fate: the order list reports a total that many above
 * the orders that match, while its pages stay those of the true number.
 */
import { ApiError } from '../errors';
import { CancellableSleeps } from './sleeps';

export interface FaultConfig {
	latencyMs?: number;
	latencySpikeMs?: number;
	latencySpikeRate?: number;
	rate429?: number;
	retryAfterSeconds?: number;
	rate500?: number;
	rate503?: number;
	dropRate?: number;
	/** Share of requests the handler carries out (orders created, key used, ...) whose connection is then dropped. */
	dropAfterRate?: number;
	/** Share of requests the handler carries out that are then answered 500 instead of their result. */
	rate500After?: number;
	tokenLifetimeSeconds?: number;
	/** Added to the total the order list reports (TotalCount, totalCount); its pages and flags keep the true number. */
	listTotalCountExtra?: number;
	seed?: number;
}

export type FaultDecision =
	| { kind: 'none'; delayMs: number }
	| { kind: 'drop' }
	| { kind: 'status'; status: 429 | 500 | 503; delayMs: number }
	/** The handler runs and acts; then the connection is dropped, or the answer replaced by a 500. */
	| { kind: 'after'; fault: 'drop' | 500; delayMs: number };

const RATE_FIELDS = ['latencySpikeRate', 'rate429', 'rate500', 'rate503', 'dropRate', 'dropAfterRate', 'rate500After'] as const;
const DURATION_FIELDS = ['latencyMs', 'latencySpikeMs', 'retryAfterSeconds', 'tokenLifetimeSeconds'] as const;

export const DEFAULT_FAULT_SEED = 1;
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export function validateFaults(input: unknown): FaultConfig {
	if (input === null || typeof input !== 'object' || Array.isArray(input)) {
		throw new ApiError(400, 'Fault configuration must be a JSON object');
	}
	const body = input as Record<string, unknown>;
	const known = new Set<string>([...RATE_FIELDS, ...DURATION_FIELDS, 'listTotalCountExtra', 'seed']);
	const problems: string[] = [];
	for (const key of Object.keys(body)) {
		if (!known.has(key)) problems.push(`${key} is not a fault setting`);
	}
	const config: FaultConfig = {};
	for (const key of RATE_FIELDS) {
		const value = body[key];
		if (value === undefined) continue;
		if (typeof value !== 'number' || !(value >= 0 && value <= 1)) problems.push(`${key} must be a number from 0 to 1`);
		else config[key] = value;
	}
	for (const key of DURATION_FIELDS) {
		const value = body[key];
		if (value === undefined) continue;
		if (typeof value !== 'number' || !(value >= 0) || !Number.isFinite(value)) problems.push(`${key} must be a number >= 0`);
		else config[key] = value;
	}
	const extra = body.listTotalCountExtra;
	if (extra !== undefined) {
		if (typeof extra !== 'number' || !Number.isSafeInteger(extra) || extra < 0) problems.push('listTotalCountExtra must be a whole number >= 0');
		else config.listTotalCountExtra = extra;
	}
	if (body.seed !== undefined) {
		if (typeof body.seed !== 'number' || !Number.isInteger(body.seed)) problems.push('seed must be an integer');
		else config.seed = body.seed;
	}
	if ((config.rate429 ?? 0) + (config.rate500 ?? 0) + (config.rate503 ?? 0) > 1) {
		problems.push('rate429 + rate500 + rate503 must not exceed 1');
	}
	if ((config.dropAfterRate ?? 0) + (config.rate500After ?? 0) > 1) {
		problems.push('dropAfterRate + rate500After must not exceed 1');
	}
	if (config.tokenLifetimeSeconds === 0) problems.push('tokenLifetimeSeconds must be > 0');
	if (problems.length > 0) throw new ApiError(400, problems);
	return config;
}

export class Faults {
	private current: FaultConfig = {};
	private random = mulberry32(DEFAULT_FAULT_SEED);
	private anyRequestFault = false;
	private readonly sleeps = new CancellableSleeps();

	get config(): FaultConfig {
		return { ...this.current };
	}

	/** Replaces the whole configuration and restarts the PRNG from the seed. */
	set(config: FaultConfig): void {
		this.current = { ...config };
		this.random = mulberry32(config.seed ?? DEFAULT_FAULT_SEED);
		this.anyRequestFault = Boolean(
			config.latencyMs ||
				config.latencySpikeRate ||
				config.rate429 ||
				config.rate500 ||
				config.rate503 ||
				config.dropRate ||
				config.dropAfterRate ||
				config.rate500After,
		);
	}

	clear(): void {
		this.set({});
		this.cancelSleeps();
	}

	get tokenLifetimeSeconds(): number | undefined {
		return this.current.tokenLifetimeSeconds;
	}

	/** How many more orders the order list reports than match (0 unless set). */
	get listTotalCountExtra(): number {
		return this.current.listTotalCountExtra ?? 0;
	}

	get retryAfterSeconds(): number {
		return this.current.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
	}

	/** Cheap when no fault is set: one boolean test. */
	decide(): FaultDecision | undefined {
		if (!this.anyRequestFault) return undefined;
		const c = this.current;
		if (c.dropRate && this.random() < c.dropRate) return { kind: 'drop' };
		let delayMs = c.latencyMs ?? 0;
		if (c.latencySpikeRate && this.random() < c.latencySpikeRate) delayMs += c.latencySpikeMs ?? 0;
		const r429 = c.rate429 ?? 0;
		const r500 = c.rate500 ?? 0;
		const r503 = c.rate503 ?? 0;
		if (r429 + r500 + r503 > 0) {
			const u = this.random();
			if (u < r429) return { kind: 'status', status: 429, delayMs };
			if (u < r429 + r500) return { kind: 'status', status: 500, delayMs };
			if (u < r429 + r500 + r503) return { kind: 'status', status: 503, delayMs };
		}
		// Drawn last and only when set, so seeds of earlier fault settings replay as before.
		const afterDrop = c.dropAfterRate ?? 0;
		const after500 = c.rate500After ?? 0;
		if (afterDrop + after500 > 0) {
			const u = this.random();
			if (u < afterDrop) return { kind: 'after', fault: 'drop', delayMs };
			if (u < afterDrop + after500) return { kind: 'after', fault: 500, delayMs };
		}
		return { kind: 'none', delayMs };
	}

	/** A delay that close()/clear() can cut short. */
	sleep(ms: number): Promise<void> {
		return this.sleeps.sleep(ms);
	}

	cancelSleeps(): void {
		this.sleeps.cancelAll();
	}
}
