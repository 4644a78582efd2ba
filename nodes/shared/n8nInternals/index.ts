/**
 * The one door to n8n behaviour that n8n does not document for community nodes. Nothing else in
 * nodes/ casts a context to reach what it does not declare, changes n8n's execution stack, holds a
 * request's copy of n8n's static data (staticData.ts), or sends HTTP but the transport (the API's
 * requests) and selfRequests.ts here (n8n's own webhooks) (test/unit/n8n-door.test.ts). Each entry says what it relies on, checks it where it is used, and
 * stops with an `N8nChanged` error naming its guard when it does not hold
 * (test/unit/n8n-guards.test.ts takes each internal away and sees that error).
 */
export { GUARDS, N8nChanged, runningN8n, TESTED_ON, type GuardName } from './changed';
export { answerAfterStaticDataSave, CALLBACK_HTTP_METHODS, checkTriggerActivation, SECRET_AND_STORE_IN_PATH, SECRET_IN_PATH } from './trigger';
export { n8nSender, servedRoot, type N8nAnswer, type N8nRequest, type SendToN8n } from './selfRequests';
export { deleteStaticData, forgetCopies, heldCopies, holdCopy, staticDataOf, writeStaticData } from './staticData';
export { isToolRun } from './tool';
export { PRINT_STORE_VERSIONS, refuseN8nCustomApiCall, TRIGGER_VERSIONS } from './versions';
export { executionResumeUrl, leaveOnStack, n8nSaysOfExecution, WAIT_TIMER_GRACE_MS, waitingItems } from './wait';
export { staticWebhookUrl, webhookBaseUrl, workflowNodes } from './workflow';
