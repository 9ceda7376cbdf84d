#!/bin/busybox sh
# /init of the machine test's guest (busybox). Loads the DRM driver named on the
# kernel command line, starts udevd so libinput sees the uinput touchscreen as a
# touchscreen, then runs each scenario named on the command line:
#   start the touch injector (it creates the device and waits), start the app from
#   the scenario's `run` line, wait until it is ready, let the injector play the
#   gesture script (it asks the host for screendumps), stop the app with SIGTERM.
# Host protocol on the port machine.proto names (raw; ttyS1 on x86-64, ttyS0 on arm64): guest writes `@@CAPTURE name`, `@@LOG text`,
# `@@SCENARIO name`, `@@FAIL text`, `@@DONE`; the host answers a capture with
# `@@ACK name`. The kernel console (ttyS0, ttyAMA0 on arm64) is kept by the host as console.log.
/bin/busybox --install -s /bin
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /run /tmp && mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /run

arg() { sed -n "s/.*machine\.$1=\([^ ]*\).*/\1/p" /proc/cmdline; }
# The protocol port: the second 16550 on x86-64, a PCI 16550 on arm64's virt board.
proto=/dev/$(arg proto)
[ "$proto" = /dev/ ] && proto=/dev/ttyS1
modprobe 8250_pci 2>/dev/null || true   # built in on x86-64, maybe a module elsewhere
for i in $(seq 100); do [ -e $proto ] && break; sleep 0.1; done
stty -F $proto raw -echo 115200
say() { echo "$*" > $proto; }
log() { say "@@LOG $*"; }
fail() { say "@@FAIL $*"; }

driver=$(arg driver)
scenarios=$(arg scenarios | tr , ' ')
log "guest up $(cut -d' ' -f1 /proc/uptime)s driver=$driver scenarios=$scenarios"

[ "$driver" = virtio-gpu ] && { modprobe virtio_pci || fail "modprobe virtio_pci"; }
modprobe "$driver" || fail "modprobe $driver"
modprobe uinput || fail "modprobe uinput"
modprobe evdev || fail "modprobe evdev"
for i in $(seq 300); do [ -e /dev/dri/card0 ] && break; sleep 0.1; done
[ -e /dev/dri/card0 ] || fail "no /dev/dri/card0 30 s after loading $driver"
log "card0 at $(cut -d' ' -f1 /proc/uptime)s, driver $(basename "$(readlink /sys/class/drm/card0/device/driver)")"

# Text on the framebuffer console, so a capture can tell "the console is back" from a
# dark screen (the restore scenario).
printf '\033[2J\033[H%s\n' "lectern machine-test console ############" > /dev/tty1 2>/dev/null || true

/lib/systemd/systemd-udevd --daemon --resolve-names=never
udevadm trigger --action=add
udevadm settle --timeout=10

# Waits (up to $2 s) until the file $1 has a line matching $3.
wait_for_line() {
    i=0
    while [ $i -lt $(($2 * 10)) ]; do
        grep -q -- "$3" "$1" 2>/dev/null && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}

run_scenario() {
    name=$1 dir=/machine/scenarios
    say "@@SCENARIO $name"
    [ -f $dir/$name.script ] || { fail "$name: no $name.script in the image"; return; }
    app=$(sed -n 's/^run //p' $dir/$name.expect)
    ready=$(sed -n 's/^ready //p' $dir/$name.expect)
    inject_args=$(sed -n 's/^inject //p' $dir/$name.expect)
    # How long the injector may play (`timeout SECONDS`; the soak plays for minutes).
    inject_limit=$(sed -n 's/^timeout //p' $dir/$name.expect)
    inject_limit=${inject_limit:-60}
    rm -f /run/touch-ready /run/go /run/app.pid
    lectern-touch-inject --ready-file /run/touch-ready --go-file /run/go \
        --pid-file /run/app.pid --protocol $proto $inject_args $dir/$name.script > /run/inject.log 2>&1 &
    inject=$!
    wait_for_line /run/touch-ready 10 . || fail "$name: injector did not create its device"
    udevadm settle --timeout=5
    : > /run/app.log
    # `setup COMMAND` lines prepare the guest before the app starts (a config to reload).
    sed -n 's/^setup //p' $dir/$name.expect | while read -r cmd; do
        sh -c "$cmd" 2>&1 | sed 's/^/@@APPLOG setup: /' > $proto
    done
    if [ -n "$app" ]; then
        (cd /machine && exec $app) > /run/app.log 2>&1 &
        echo $! > /run/app.pid
        if [ -n "$ready" ]; then
            wait_for_line /run/app.log 30 "$ready" || fail "$name: app never logged '$ready'"
        else
            sleep 1
        fi
    fi
    # Extra guest-side checks a scenario asks for: `guest-check COMMAND` lines run here while
    # the touchscreen exists and the app runs; their output goes to the host (the
    # .expect's `log` lines check it).
    sed -n 's/^guest-check //p' $dir/$name.expect | while read -r cmd; do
        sh -c "$cmd" 2>&1 | sed 's/^/@@APPLOG /' > $proto
    done
    touch /run/go
    # The injector plays the script in real time; give it its own deadline.
    i=0
    while kill -0 $inject 2>/dev/null && [ $i -lt $((inject_limit * 10)) ]; do sleep 0.1; i=$((i + 1)); done
    kill -0 $inject 2>/dev/null && { fail "$name: injector still running after $inject_limit s"; kill -9 $inject; }
    wait $inject || fail "$name: injector failed ($(tail -1 /run/inject.log))"
    if [ -n "$app" ] && [ -f /run/app.pid ]; then
        pid=$(cat /run/app.pid)
        if kill -0 $pid 2>/dev/null; then
            kill -TERM $pid
            i=0
            while kill -0 $pid 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
            kill -0 $pid 2>/dev/null && { fail "$name: app ignored SIGTERM for 5 s"; kill -9 $pid; }
        fi
    fi
    sed 's/^/@@LOG inject: /' /run/inject.log > $proto
    # Measurements taken in the guest during the scenario (idle-measure.sh) join the app log.
    [ -f /run/measure.log ] && sed 's/^/@@APPLOG /' /run/measure.log > $proto
    rm -f /run/measure.log
    sed 's/^/@@APPLOG /' /run/app.log > $proto
}

for s in $scenarios; do run_scenario $s; done
say "@@DONE"
sync
poweroff -f
