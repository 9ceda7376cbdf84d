#!/bin/sh
# Samples the app's resident memory every INTERVAL seconds into the measurements that
# join the app log (`rss t=SECONDS kib=N`), until the app exits: the soak's memory curve.
interval=${1:-10}
while [ ! -s /run/app.pid ]; do sleep 0.2; done
pid=$(cat /run/app.pid)
t=0
while kill -0 "$pid" 2>/dev/null; do
    kib=$(awk '/^VmRSS:/ { print $2 }' /proc/$pid/status 2>/dev/null)
    [ -n "$kib" ] && echo "rss t=$t kib=$kib" >> /run/measure.log
    sleep "$interval"
    t=$((t + interval))
done
