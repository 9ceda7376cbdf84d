#!/bin/sh
# Waits until the app log holds COUNT lines matching PATTERN (grep -E), at most SECONDS
# (default 10): a step that needs the kiosk to have seen something (a re-added
# touchscreen opened by libinput) waits for the kiosk to say so, not for a fixed time a
# loaded host may overrun. Fails, naming what it waited for, after SECONDS.
pattern=$1 count=${2:-1} seconds=${3:-10}
i=0
while [ "$(grep -cE "$pattern" /run/app.log)" -lt "$count" ]; do
    [ $i -ge $((seconds * 10)) ] && { echo "wait-log: fewer than $count lines '$pattern' in the app log after $seconds s" >&2; exit 1; }
    sleep 0.1; i=$((i + 1))
done
