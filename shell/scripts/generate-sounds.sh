#!/bin/sh
# Generates the site's small sound files (spec §7 audio: {cdn}/{music|sounds}/{name}{ext},
# .ogg for most browsers, .mp3 for iOS) into shell/public/cdn/. Synthesised with SoX, so they
# are ours to ship. Needs: apt-get install -y sox libsox-fmt-all
set -eu
out="$(cd "$(dirname "$0")/.." && pwd)/public/cdn"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out/sounds" "$out/music"
R="-r 44100 -c 1"

# FX_Click_Basic: the default click of every a and button (spec §9), 45 ms.
sox -n $R "$tmp/FX_Click_Basic.wav" synth 0.045 sine 2200 sine 1100 remix 1,2 fade q 0.001 0.045 0.04 gain -4
# FX_Lock: a locked option / locked action (polls, spec §4), a short low "clack".
sox -n $R "$tmp/l1.wav" synth 0.03 brownnoise fade q 0.001 0.03 0.028 gain -6
sox -n $R "$tmp/l2.wav" synth 0.16 sine 190 sine 380 remix 1,2 fade q 0.002 0.16 0.15 gain -3
sox "$tmp/l1.wav" "$tmp/l2.wav" "$tmp/FX_Lock.wav"
# FX_Success: two rising notes (sign-up done, message sent).
sox -n $R "$tmp/s1.wav" synth 0.11 triangle 659.25 fade q 0.005 0.11 0.06 gain -6
sox -n $R "$tmp/s2.wav" synth 0.22 triangle 987.77 fade q 0.005 0.22 0.18 gain -6
sox "$tmp/s1.wav" "$tmp/s2.wav" "$tmp/FX_Success.wav"
# FX_Error: two falling notes.
sox -n $R "$tmp/e1.wav" synth 0.12 square 392 fade q 0.005 0.12 0.06 gain -14
sox -n $R "$tmp/e2.wav" synth 0.2 square 311.13 fade q 0.005 0.2 0.16 gain -14
sox "$tmp/e1.wav" "$tmp/e2.wav" "$tmp/FX_Error.wav"

# Landing_Theme: a 16 s loopable pad, C – Am – F – G, 4 s each (music fades in/out, spec §9).
i=0
for chord in "261.63 329.63 392.00 130.81" "220.00 261.63 329.63 110.00" "174.61 220.00 261.63 87.31" "196.00 246.94 293.66 98.00"; do
  set -- $chord
  sox -n $R "$tmp/c$i.wav" synth 4 triangle "$1" triangle "$2" triangle "$3" sine "$4" remix 1,2,3,4 tremolo 3 20 fade t 0.4 4 0.6 gain -12
  i=$((i + 1))
done
sox "$tmp/c0.wav" "$tmp/c1.wav" "$tmp/c2.wav" "$tmp/c3.wav" "$tmp/Landing_Theme.wav"

for name in FX_Click_Basic FX_Lock FX_Success FX_Error; do
  sox "$tmp/$name.wav" -C 3 "$out/sounds/$name.ogg"
  sox "$tmp/$name.wav" -C 96 "$out/sounds/$name.mp3"
done
sox "$tmp/Landing_Theme.wav" -r 22050 -C 1 "$out/music/Landing_Theme.ogg"
sox "$tmp/Landing_Theme.wav" -r 22050 -C 48 "$out/music/Landing_Theme.mp3"
ls -l "$out/sounds" "$out/music"
