#!/bin/sh
# Regenerates clip.webm (the one video every VIDEO post of the emulator serves) from
# ffmpeg's built-in test sources: a drifting gradient sky with a sun arcing over it,
# played forwards then backwards so that it loops without a jump. 2 s, 320x240, VP9.
set -eu
cd "$(dirname "$0")"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "gradients=s=320x240:d=1:r=24:speed=0.06:c0=0xff7e5f:c1=0xfeb47b:c2=0x6a82fb:c3=0xfc5c7d:n=4:seed=7" \
  -f lavfi -i "color=c=0xfff3d6:s=48x48:d=1:r=24,format=yuva420p,geq=lum='lum(X,Y)':cb='cb(X,Y)':cr='cr(X,Y)':a='if(lt(hypot(X-24,Y-24),23),230,0)'" \
  -filter_complex "[0][1]overlay=x='30+230*t':y='150-90*sin(PI*t)':eval=frame,vignette=PI/5,format=yuv420p,split[a][b];[b]reverse[r];[a][r]concat=n=2:v=1:a=0[v]" \
  -map "[v]" -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -deadline good -cpu-used 2 -an \
  -fflags +bitexact -flags:v +bitexact clip.webm
ls -l clip.webm
