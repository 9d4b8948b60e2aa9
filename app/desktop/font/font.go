// Package font holds the desktop board's text font: Noto Sans CJK SC (SIL OFL 1.1, see
// OFL.txt) cut down by gen.sh to ASCII, every character of app/i18n's three catalogues, those
// of move notation and the common Chinese characters of imported games' words (GB2312's and
// Big5's frequent ones), 2 MB instead of the full font's 16 MB.
package font

import _ "embed"

// UI is the font file (OpenType, CFF outlines).
//
//go:embed ui.otf
var UI []byte
