package main

import "golang.org/x/text/encoding/simplifiedchinese"

// decodeGBK decodes the legacy Chinese encoding of XQF files and older PGN files (as GB18030,
// which GBK is a part of), as the desktop app does (app/desktop/gbk.go, unexported there);
// bytes it cannot decode stay as they are.
func decodeGBK(b []byte) string {
	s, err := simplifiedchinese.GB18030.NewDecoder().Bytes(b)
	if err != nil {
		return string(b)
	}
	return string(s)
}
