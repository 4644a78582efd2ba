#!/usr/bin/env bash
# Debian's faketime (libfaketime), for PRINT_STORE_CLOCK_OFFSET=+365d npm test: scripts/test.js runs
# the jest suites, and all they start, with libfaketime preloaded (docs/development.md, "On another
# date"). Prints the path of the faketime program on the last line.
exec bash "$(dirname "$0")/ensure-apt.sh" faketime faketime faketime
