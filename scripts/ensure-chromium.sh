#!/usr/bin/env bash
# Debian's Chromium at /usr/bin/chromium, for the browser test (test/e2e/editor.browser.test.ts drives
# it with playwright-core). Never a browser downloaded through Playwright: those downloads fail on
# these machines; apt works.
exec bash "$(dirname "$0")/ensure-apt.sh" chromium /usr/bin/chromium chromium fonts-liberation
