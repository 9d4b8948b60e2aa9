#!/bin/sh
# Writes ui.otf, the desktop board's text font: Noto Sans CJK SC (SIL OFL 1.1, Debian's
# fonts-noto-cjk) cut down by pyftsubset (Debian's fonttools) to printable ASCII, every
# character of the interface's texts in its three languages (app/i18n's catalogues, listed by
# runes.go), and the characters of move notation and coordinates (simplified and traditional,
# with both digit sets) and the panel's signs. The SC face holds the traditional characters
# too. TestFontCoversText (app/desktop) checks that every text is covered.
set -eu
cd "$(dirname "$0")"
src=${1:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
text='·×–—−…←→↶↷▶◀✓ 象棋黑白简繁中文一二三四五六七八九０１２３４５６７８９前中后後进退平進車车馬马傌俥相象仕士帥帅將将炮砲包兵卒楚河漢界'
text="$text$(go run runes.go)"
pyftsubset "$src" --font-number=2 --unicodes=U+0020-007E --text="$text" \
  --layout-features='' --no-hinting --desubroutinize --output-file=ui.otf
