/** The auto-advance clock: every `everyMs` each non-completed order moves one status step. */
import type { Lifecycle } from './lifecycle';

export class AutoAdvance {
	private timer: NodeJS.Timeout | undefined;
	private everyMs = 0;

	constructor(private readonly lifecycle: Lifecycle) {}

	get intervalMs(): number {
		return this.everyMs;
	}

	set(everyMs: number): void {
		this.stop();
		this.everyMs = everyMs;
		if (everyMs > 0) {
			this.timer = setInterval(() => this.lifecycle.advanceAll(), everyMs);
			this.timer.unref();
		}
	}

	stop(): void {
		if (this.timer) clearInterval(this.timer);
		this.timer = undefined;
		this.everyMs = 0;
	}
}
