/**
 * Before each end-to-end file: n8n with the suite's own settings. A file that restarts n8n with other
 * settings leaves them (a restart back costs a whole boot, four in queue mode), and the next file
 * asks the control server for the suite's settings again, which restarts only what runs otherwise.
 * A file that sets n8n up itself, or reads it as it is, says so with keepsItsOwnSettings().
 */
import { restoreDefaultSettings, settingsAreTheFileOwn } from '../helpers/harness';

beforeAll(async () => {
	if (process.env.PRINT_STORE_E2E_STATE && !settingsAreTheFileOwn()) await restoreDefaultSettings();
}, 300_000);
