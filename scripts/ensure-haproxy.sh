#!/usr/bin/env bash
# Debian's haproxy, for the queue-mode end-to-end setup: it stands in front of the two webhook
# processes and sends each execution's /webhook-waiting/<ID> calls to one of them (docs/queue-mode.md,
# "One webhook process per execution and per trigger"). Prints its path on the last line.
exec bash "$(dirname "$0")/ensure-apt.sh" haproxy haproxy haproxy
