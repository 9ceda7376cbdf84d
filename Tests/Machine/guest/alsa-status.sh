#!/bin/sh
# The sound card's playback state and format now, as one line of the app log
# (kiosk-clip-sound: the clip's sound is running on the card while it plays).
sub=/proc/asound/card0/pcm0p/sub0
echo "alsa: $(cat $sub/status $sub/hw_params 2>&1 | tr '\n' ' ')" >> /run/measure.log
