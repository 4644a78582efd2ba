/**
 * The one rule for "is this the status the user asked for", wherever statuses are wanted: the
 * trigger's Statuses, Wait Until Status's Wait For and Fail On, Get Many's status filter.
 *
 * A wanted status is an ID or a name. An ID is an integer (a minus sign allowed, spaces around it
 * ignored) and matches the record's StatusID, given as a number or as text of digits. Anything else
 * is a name and matches the record's StatusDescription in any case, with spaces and punctuation
 * ignored ("In Production", "in-production" and "INPRODUCTION" are one name; "---" and "- - -" too): the spec does not list
 * the service's statuses, and a user types what a screen or an e-mail showed. A record whose status
 * cannot be read matches nothing.
 */

/** A status record as far as its status goes (a callback's, a history's, an order's). */
export interface StatusRecord {
	StatusID?: unknown;
	StatusDescription?: unknown;
	/** Whatever else the record holds. */
	readonly [field: string]: unknown;
}

const STATUS_ID = /^\s*-?\d+\s*$/;

/** Whether a wanted status is given by its ID. */
export function isStatusId(wanted: string): boolean {
	return STATUS_ID.test(wanted);
}

/** A status name as compared: lower case, letters and digits only. */
export function squashStatusName(value: unknown): string {
	return String(value ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A record's status ID as a number: a number, or text of digits; anything else (absent, null, '') is none. */
export function statusIdOf(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	return typeof value === 'string' && STATUS_ID.test(value) ? Number(value) : undefined;
}

/**
 * The test for a list of wanted statuses, prepared once (the trigger runs it on every callback).
 * Blank entries are ignored; an empty list matches nothing: whether "none wanted" means "any status"
 * is the caller's to say.
 */
export function statusMatcher(wanted: readonly string[]): (record: StatusRecord) => boolean {
	const ids = new Set(wanted.filter(isStatusId).map(Number));
	const names = new Set(wanted.filter((entry) => !isStatusId(entry) && entry.trim() !== '').map(squashStatusName));
	return (record) => {
		const id = statusIdOf(record.StatusID);
		if (id !== undefined && ids.has(id)) return true;
		const description = record.StatusDescription;
		if (names.size === 0 || (typeof description !== 'string' && typeof description !== 'number')) return false;
		// A blank description is none; one of punctuation only is the name of punctuation only.
		return String(description).trim() !== '' && names.has(squashStatusName(description));
	};
}

/** Whether a status record is one of the wanted statuses (see statusMatcher). */
export function matchesStatus(record: StatusRecord, wanted: readonly string[]): boolean {
	return statusMatcher(wanted)(record);
}
