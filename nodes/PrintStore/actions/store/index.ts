import * as joinWithInviteKey from './joinWithInviteKey.operation';
import * as removeApplicationAssociation from './removeApplicationAssociation.operation';

export { joinWithInviteKey, removeApplicationAssociation };

/** The resource's operations by the value of their entry: its Operation list, the router and the tools are built from them. */
export const operations = { joinWithInviteKey, removeApplicationAssociation };

/** The operation the resource's Operation list starts on (the router builds the list from `operations`). */
export const defaultOperation = 'joinWithInviteKey';
