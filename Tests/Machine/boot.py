#!/usr/bin/env python3
"""Boots the machine-test guest once in QEMU (TCG) and serves its protocol.

The guest writes lines on its second serial port (/dev/ttyS1): `@@CAPTURE name`
makes us take a QMP screendump into OUT/name.png and answer `@@ACK name`; `@@LOG`
and `@@APPLOG` lines are kept (the app's lines go to OUT/app-<scenario>.log);
`@@FAIL text` marks the run failed; `@@DONE` ends it. Everything has a deadline: a
guest that hangs fails the run instead of hanging CI.
The guest has a sound card (intel-hda with an hda-output codec) whose output QEMU
writes to OUT/audio.wav; the file's size is noted when each scenario starts and ends
and at each capture, so a check can tell what was heard after a gesture.
Writes OUT/run.json: {"scenarios": {name: {"captures": [...], "log": [...],
"audio": {"start": bytes, capture: bytes, ..., "end": bytes}}}, "failures": [...],
"audio": "audio.wav", "seconds": ...}.
"""
import argparse, json, os, socket, subprocess, sys, time

DEVICES = {
    # Both drivers the product must work on. `-vga none` keeps QEMU's default VGA
    # (which bochs would also bind to) out, so card0 is the device under test. bochs-display's
    # video memory is raised from its 16 MiB to 64: two 1920x1080 scan-out buffers with their
    # panning rows (kiosk-memory-1080p) do not fit in 16.
    "bochs": ["-vga", "none", "-device", "bochs-display,xres=1280,yres=800,vgamem=64M"],
    "virtio-gpu": ["-vga", "none", "-device", "virtio-gpu-pci,xres=1280,yres=800"],
}


class Line:
    """A line-oriented reader over a socket, with a deadline per read."""

    def __init__(self, sock):
        self.sock, self.buf = sock, b""

    def read(self, deadline):
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            self.sock.settimeout(left)
            chunk = self.sock.recv(4096)
            if not chunk:
                raise EOFError
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace").rstrip("\r")


def connect(path, deadline):
    while True:
        try:
            s = socket.socket(socket.AF_UNIX)
            s.connect(path)
            return s
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def qmp(sock, reader, command, deadline, **arguments):
    msg = {"execute": command}
    if arguments:
        msg["arguments"] = arguments
    sock.sendall(json.dumps(msg).encode() + b"\n")
    while True:
        reply = json.loads(reader.read(deadline))
        if "return" in reply:
            return reply["return"]
        if "error" in reply:
            raise RuntimeError(f"QMP {command}: {reply['error'].get('desc')}")
        # asynchronous events (e.g. NIC_RX_FILTER_CHANGED): skip


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--initrd", required=True)
    ap.add_argument("--driver", required=True, choices=sorted(DEVICES))
    ap.add_argument("--scenarios", required=True, help="comma-separated")
    ap.add_argument("--out", required=True)
    ap.add_argument("--timeout", type=float, default=300, help="whole boot, seconds")
    ap.add_argument("--memory", default="2048")
    ap.add_argument("--arch", default="x86_64", choices=["x86_64", "aarch64"],
                    help="aarch64: Debian's arm64 kernel on QEMU's virt board")
    a = ap.parse_args()
    wav = os.path.abspath(os.path.join(a.out, "audio.wav"))

    def audio_bytes():
        """How much of the sound card's output QEMU has written so far."""
        try:
            return os.path.getsize(wav)
        except OSError:
            return 0

    os.makedirs(a.out, exist_ok=True)
    run = os.path.join(a.out, "run")
    os.makedirs(run, exist_ok=True)
    qmp_path, proto_path = os.path.join(run, "qmp.sock"), os.path.join(run, "proto.sock")
    for p in (qmp_path, proto_path):
        if os.path.exists(p):
            os.unlink(p)
    console = os.path.join(a.out, "console.log")
    module = {"bochs": "bochs", "virtio-gpu": "virtio-gpu"}[a.driver]
    if a.arch == "aarch64":
        # The virt board has one UART (PL011, ttyAMA0: the console); the protocol port is
        # a PCI 16550 (ttyS0 in the guest). No sound card: speech is not checked on arm64.
        console_tty, proto_tty = "ttyAMA0", "ttyS0"
        machine = ["qemu-system-aarch64", "-machine", "virt", "-cpu", "cortex-a72"]
        ports = ["-serial", "chardev:con", "-device", "pci-serial,chardev=proto"]
        sound = []
    else:
        console_tty, proto_tty = "ttyS0", "ttyS1"
        machine = ["qemu-system-x86_64", "-machine", "pc,accel=tcg", "-cpu", "max"]
        ports = ["-serial", "chardev:con", "-serial", "chardev:proto"]
        # Speech (kiosk-speech): what the guest plays is written to OUT/audio.wav.
        sound = ["-audiodev", f"wav,id=snd0,path={wav}", "-device", "intel-hda",
                 "-device", "hda-output,audiodev=snd0"]
    cmdline = (f"console={console_tty} quiet loglevel=4 panic=-1 rdinit=/init "
               f"machine.driver={module} machine.scenarios={a.scenarios} machine.proto={proto_tty}")
    argv = machine + ["-m", a.memory,
            "-smp", "1", "-no-reboot", "-display", "none", "-nodefaults",
            "-kernel", a.kernel, "-initrd", a.initrd, "-append", cmdline,
            "-chardev", f"file,id=con,path={console}",
            "-chardev", f"socket,id=proto,path={proto_path},server=on,wait=off"] + ports + [
            "-qmp", f"unix:{qmp_path},server=on,wait=off"] + sound + DEVICES[a.driver]
    started = time.monotonic()
    deadline = started + a.timeout
    qemu = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    result = {"driver": a.driver, "scenarios": {}, "failures": [], "order": [], "audio": "audio.wav"}
    current = None
    try:
        qs = connect(qmp_path, started + 20)
        qr = Line(qs)
        qr.read(deadline)  # greeting
        qmp(qs, qr, "qmp_capabilities", deadline)
        ps = connect(proto_path, started + 20)
        pr = Line(ps)
        while True:
            line = pr.read(deadline)
            if not line.startswith("@@"):
                continue
            verb, _, rest = line[2:].partition(" ")
            t = time.monotonic() - started
            if verb in ("SCENARIO", "DONE") and current:
                result["scenarios"][current]["audio"]["end"] = audio_bytes()
            if verb == "SCENARIO":
                current = rest
                result["order"].append(rest)
                result["scenarios"][rest] = {"captures": [], "log": [], "started": t,
                                             "audio": {"start": audio_bytes()}}
                print(f"  [{a.driver} {t:6.1f}s] scenario {rest}", flush=True)
            elif verb == "CAPTURE":
                name = f"{current}.{rest}" if current else rest
                png = os.path.join(a.out, name + ".png")
                if os.path.exists(png):
                    os.unlink(png)
                qmp(qs, qr, "screendump", time.monotonic() + 30, filename=os.path.abspath(png),
                    format="png")
                if current:
                    result["scenarios"][current]["captures"].append(rest)
                    result["scenarios"][current]["audio"][rest] = audio_bytes()
                ps.sendall(f"@@ACK {rest}\n".encode())
                print(f"  [{a.driver} {t:6.1f}s] captured {name}", flush=True)
            elif verb in ("LOG", "APPLOG"):
                if current and verb == "APPLOG":
                    result["scenarios"][current]["log"].append(rest)
                elif verb == "LOG":
                    print(f"  [{a.driver} {t:6.1f}s] {rest}", flush=True)
            elif verb == "FAIL":
                result["failures"].append(f"{a.driver}: {rest}")
                print(f"  [{a.driver} {t:6.1f}s] GUEST FAILURE: {rest}", flush=True)
            elif verb == "DONE":
                break
        qemu.wait(timeout=max(1, min(20, deadline - time.monotonic())))
    except (TimeoutError, socket.timeout):
        result["failures"].append(f"{a.driver}: guest timed out after {a.timeout:.0f} s "
                                  f"(scenario {current}); console tail below")
    except EOFError:
        result["failures"].append(f"{a.driver}: guest closed the protocol port early "
                                  f"(scenario {current}); console tail below")
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as e:
        result["failures"].append(f"{a.driver}: {e}")
    finally:
        if qemu.poll() is None:
            qemu.kill()
            qemu.wait()
        out = qemu.stdout.read().decode("utf-8", "replace").strip()
        if out:
            print(out, file=sys.stderr)
    result["seconds"] = round(time.monotonic() - started, 2)
    if result["failures"]:
        try:
            tail = open(console, errors="replace").read().splitlines()[-30:]
            print("  console.log tail:\n    " + "\n    ".join(tail), file=sys.stderr)
        except OSError:
            pass
    for name, s in result["scenarios"].items():
        with open(os.path.join(a.out, f"app-{name}.log"), "w") as f:
            f.write("\n".join(s["log"]) + "\n")
    with open(os.path.join(a.out, "run.json"), "w") as f:
        json.dump(result, f, indent=1)
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
