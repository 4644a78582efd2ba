// n8n-core logs every failed node through its own logger; the tests assert on those errors
// directly, so the engine's log lines would only repeat them.
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
