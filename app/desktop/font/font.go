// Package font holds the desktop board's text font: Noto Sans CJK SC (SIL OFL 1.1, see
// OFL.txt) cut down by gen.sh to ASCII, every character of app/i18n's three catalogues and
// those of move notation, 94 KB instead of the full font's 16 MB.
package font

import _ "embed"

// UI is the font file (OpenType, CFF outlines).
//
//go:embed ui.otf
var UI []byte
