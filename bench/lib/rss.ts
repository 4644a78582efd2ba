/**
 * Resident memory of a process, from /proc/<pid>/status: VmRSS sampled on an interval, and VmHWM
 * (the kernel's own peak), which writing "5" to /proc/<pid>/clear_refs resets at the start of a
 * measurement. The peak reported is the larger of the two.
 */
import { readFileSync, writeFileSync } from 'node:fs';

function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
	const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
	return match ? Number(match[1]) : undefined;
}

export function rssBytes(pid: number): number {
	return (statusKiB(pid, 'VmRSS') ?? 0) * 1024;
}

export interface RssWatch {
	/** Stops sampling; returns the peak and the RSS at start, in bytes. */
	stop(): { peak: number; start: number };
}

export function watchRss(pid: number, intervalMs = 50): RssWatch {
	let hwmReset = true;
	try {
		writeFileSync(`/proc/${pid}/clear_refs`, '5');
	} catch {
		hwmReset = false;
	}
	const start = rssBytes(pid);
	let peak = start;
	const timer = setInterval(() => {
		try {
			peak = Math.max(peak, rssBytes(pid));
		} catch {
			// The process ended; the caller finds out on its own.
		}
	}, intervalMs);
	return {
		stop() {
			clearInterval(timer);
			try {
				peak = Math.max(peak, rssBytes(pid));
				if (hwmReset) peak = Math.max(peak, (statusKiB(pid, 'VmHWM') ?? 0) * 1024);
			} catch {
				// As above.
			}
			return { peak, start };
		},
	};
}
