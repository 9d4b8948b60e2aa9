#!/bin/sh
# Writes ui.otf, the desktop board's text font: Noto Sans CJK SC (SIL OFL 1.1, Debian's
# fonts-noto-cjk) cut down by pyftsubset (Debian's fonttools) to printable ASCII, every
# character of the interface's texts in its three languages (app/i18n's catalogues, listed by
# runes.go, with the puzzle collections' names and titles), and the characters of move
# notation and coordinates (simplified and traditional, with both digit sets) and the panel's
# signs. The SC face holds the traditional characters too. TestFontCoversText (app/desktop) checks that every text is covered.
#
# Imported games bring their own words (players, events, comments), so the font holds the
# common characters besides: GB2312's 6,763 and Big5's 5,401 frequent ones (8,836 together;
# 2 MB instead of 0.1), with CJK punctuation and the full-width forms. A character beyond
# them draws as the font's blank.
set -eu
cd "$(dirname "$0")"
src=${1:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
text='·×–—−…←→↶↷▶◀✓ 象棋黑白简繁中文一二三四五六七八九０１２３４５６７８９前中后後进退平進車车馬马傌俥相象仕士帥帅將将炮砲包兵卒楚河漢界'
text="$text$(go run runes.go)"
common=$(python3 -c '
import sys
def chars(codec, his, los, end=None):
    for hi in his:
        for lo in los:
            b = bytes([hi, lo])
            if end and b >= end:
                continue
            try:
                yield b.decode(codec)
            except UnicodeDecodeError:
                pass
gb = chars("gb2312", range(0xB0, 0xF8), range(0xA1, 0xFF))
big5 = chars("big5", range(0xA4, 0xC7), [*range(0x40, 0x7F), *range(0xA1, 0xFF)], b"\xc6\x7f")
sys.stdout.write("".join(sorted(set(gb) | set(big5))))
')
pyftsubset "$src" --font-number=2 --unicodes=U+0020-007E,U+3000-303F,U+FF00-FFEF --text="$text$common" \
  --layout-features='' --no-hinting --desubroutinize --output-file=ui.otf
