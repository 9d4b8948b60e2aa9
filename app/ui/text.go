package ui

import (
	"strconv"

	"qipan/app/i18n"
	"qipan/app/play"
)

// statusOf is the status line's text (play.StatusText) and class while b's game goes on, in
// l; "Loading" until the app runs.
func statusOf(l i18n.Lang, b *play.Table, mounted bool) (text, class string) {
	if !mounted {
		return l.T(i18n.Loading), "status"
	}
	e := b.Client
	switch {
	case b.Reviewing():
		class = "status review"
	case e.Hinting():
		class = "status thinking"
	case b.PersonToMove():
		class = "status you " + youClass(b)
	case e.Failed() != "":
		class = "status"
	default:
		class = "status thinking"
	}
	if !b.Reviewing() && b.Check() >= 0 {
		class += " check"
	}
	return play.StatusText(l, b), class
}

// youClass is the class of the person's turn: the colour of the side to move ("red",
// "disc-black"), as web/qipan.css marks it.
func youClass(b *play.Table) string {
	sides := [2]string{"red", "black"}
	if b.Variant() == play.VariantReversi {
		sides = [2]string{"disc-black", "disc-white"}
	}
	return sides[b.Turn()&1]
}

// discScore writes centi-discs as discs with a sign and one decimal: "+4.0", "-0.2", "0.0".
func discScore(centi int) string {
	neg := centi < 0
	if neg {
		centi = -centi
	}
	tenths := (centi + 5) / 10
	text := strconv.Itoa(tenths/10) + "." + strconv.Itoa(tenths%10)
	switch {
	case tenths == 0:
		return text
	case neg:
		return "-" + text
	}
	return "+" + text
}
