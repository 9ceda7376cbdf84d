#!/bin/sh
# The app's resident memory by kind and by mapping, now: one line of totals (KiB, from
# /proc/PID/status) and one per mapping over 256 KiB (Rss summed over its VMAs: a file
# mapped twice counts twice), into the measurements that join the app log.
pid=$(cat /run/app.pid)
awk '/^(VmHWM|VmRSS|RssAnon|RssFile|RssShmem):/ { line = line " " $1 $2 } END { print "memory" line }' \
    /proc/$pid/status >> /run/measure.log
awk '/^[0-9a-f]+-[0-9a-f]+ / { name = (NF >= 6 ? $6 : "[anon]") }
     /^Rss:/ { kib[name] += $2 }
     END { for (n in kib) if (kib[n] > 256) printf "memory-map kib=%d %s\n", kib[n], n }' \
    /proc/$pid/smaps | sort -t= -k2 -n -r >> /run/measure.log
# The largest anonymous mappings one by one (bitmaps of 256 KiB or more get their own,
# M_MMAP_THRESHOLD): a screen at 1920x1080 is 8100 KiB, the shadow with its panning rows 12150.
# With its address range: a malloc arena of a thread other than the main one starts on a
# 64 MiB boundary (…000000), a thread's stack ends below a guard page.
awk '/^[0-9a-f]+-[0-9a-f]+ / { anon = (NF < 6); range = $1 }
     /^Rss:/ { if (anon && $2 > 512) printf "memory-anon kib=%d %s\n", $2, range }' \
    /proc/$pid/smaps | sort -t= -k2 -n -r | head -12 >> /run/measure.log
