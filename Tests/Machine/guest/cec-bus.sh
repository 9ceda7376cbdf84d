#!/bin/sh
# The other end of the CEC scenario's bus: vivid's HDMI input adapter (physical address
# 0.0.0.0) plays the TV; cec-ctl watches what reaches it.
#   cec-bus.sh tv              configure the TV side, note its device in /run/cec-tv
#   cec-bus.sh monitor         watch the TV side (cec-ctl --monitor) into /run/cec-monitor.log:
#                              one process for the scenario (a --monitor-time window ended
#                              early when the scenario moved the clock forward)
#   cec-bus.sh report NAME     count what arrived since the last report, one line into
#                              /run/measure.log
#   cec-bus.sh stop            end the monitor
case $1 in
tv)
    for d in /dev/cec*; do
        if cec-ctl -d "$d" | grep -q 'Physical Address *: 0\.0\.0\.0'; then
            cec-ctl -d "$d" --tv > /dev/null || { echo "cec-bus: cec-ctl --tv on $d failed"; exit 1; }
            echo "$d" > /run/cec-tv
            echo "cec-bus: TV on $d; adapters: $(ls /dev/cec*)"
            exit 0
        fi
    done
    echo "cec-bus: no adapter with physical address 0.0.0.0 among $(ls /dev/cec* 2>&1)"
    exit 1 ;;
monitor)
    cec-ctl -d "$(cat /run/cec-tv)" --monitor > /run/cec-monitor.log 2>&1 &
    echo $! > /run/cec-monitor.pid
    sleep 0.5
    wc -l < /run/cec-monitor.log > /run/cec-mark ;;
report)
    mark=$(cat /run/cec-mark)
    tail -n +$((mark + 1)) /run/cec-monitor.log > "/run/cec-$2.log"
    wc -l < /run/cec-monitor.log > /run/cec-mark
    log=/run/cec-$2.log
    count() { grep -c "Received from .*: $1 " "$log"; }
    echo "cec-$2 standby=$(count STANDBY) image_view_on=$(count IMAGE_VIEW_ON) active_source=$(count ACTIVE_SOURCE) $(grep -o 'phys-addr: [0-9a-f.]*' "$log" | head -1 | tr -d ' ')" >> /run/measure.log
    sed "s/^/cec-$2-monitor: /" "$log" >> /run/measure.log ;;
stop)
    kill "$(cat /run/cec-monitor.pid)" ;;
esac
