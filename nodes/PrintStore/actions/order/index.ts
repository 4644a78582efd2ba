import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getPriceQuote from './getPriceQuote.operation';
import * as getStatusHistory from './getStatusHistory.operation';
import * as waitForStatus from './waitForStatus.operation';

export { create, get, getAll, getPriceQuote, getStatusHistory, waitForStatus };

/** The resource's operations by the value of their entry: its Operation list, the router and the tools are built from them. */
export const operations = { create, get, getAll, getPriceQuote, getStatusHistory, waitForStatus };

/** The operation the resource's Operation list starts on (the router builds the list from `operations`). */
export const defaultOperation = 'create';
