#!/usr/bin/env bash
# Debian's redis-server, for the queue-mode end-to-end setup (n8n's queue lives in Redis). Prints its
# path on the last line.
exec bash "$(dirname "$0")/ensure-apt.sh" redis redis-server redis-server
