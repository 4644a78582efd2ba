/** Delays that can all be cut short at once (on close or reset), so nothing waits on a dead sandbox. */
export class CancellableSleeps {
	private readonly pending = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

	sleep(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const entry = {
				timer: setTimeout(() => {
					this.pending.delete(entry);
					resolve();
				}, ms),
				resolve,
			};
			this.pending.add(entry);
		});
	}

	/** Ends every pending delay now. */
	cancelAll(): void {
		for (const entry of this.pending) {
			clearTimeout(entry.timer);
			entry.resolve();
		}
		this.pending.clear();
	}
}
