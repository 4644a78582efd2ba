# Sourced (bash) by the scripts that install from the network (ensure-apt.sh, provision-n8n.sh):
# what they start runs on the real clock even when the tests run on another
# (PRINT_STORE_CLOCK_OFFSET, scripts/test.js, preloads libfaketime into every process they start).
# TLS certificates and apt's Release files are checked against the clock: a year ahead, a
# certificate that expires within the year would be refused, and the install with it.
if [[ "${LD_PRELOAD:-}" == *libfaketime* ]]; then
  kept=()
  for library in ${LD_PRELOAD//:/ }; do
    [[ "$library" == *libfaketime* ]] || kept+=("$library")
  done
  if [ "${#kept[@]}" -gt 0 ]; then export LD_PRELOAD="${kept[*]}"; else unset LD_PRELOAD; fi
  unset kept library
fi
unset FAKETIME FAKETIME_DONT_FAKE_MONOTONIC FAKETIME_SHARED
