import { InvalidValue } from '../../nodes/shared/errors';

/** Runs a check that must refuse its input; returns "Field: problem" as the user reads it. */
export function problem(run: () => unknown): string {
	try {
		run();
	} catch (error) {
		if (error instanceof InvalidValue) return `${error.field}: ${error.problem}`;
		throw error;
	}
	throw new Error('expected an InvalidValue');
}
