#!/bin/sh
# Idle costs nothing: CPU ticks (utime + stime) and context switches of every thread of
# the app over SECONDS with nothing touched, read from /proc; one line into the app log.
seconds=${1:-10}
pid=$(cat /run/app.pid)
ticks() { awk '{ print $14 + $15 }' /proc/$pid/stat; }
switches() { cat /proc/$pid/task/*/status | awk '/ctxt_switches/ { s += $2 } END { print s }'; }
t0=$(ticks); s0=$(switches)
sleep "$seconds"
t1=$(ticks); s1=$(switches)
echo "idle-measure seconds=$seconds ticks=$((t1 - t0)) switches=$((s1 - s0)) threads=$(ls /proc/$pid/task | wc -l)" >> /run/measure.log
