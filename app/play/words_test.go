package play

import (
	"strings"
	"testing"

	"qipan/app/i18n"
	"qipan/engine/xiangqi"
)

func TestResultText(t *testing.T) {
	chase := xiangqi.Result{Status: xiangqi.PerpetualChase, Winner: xiangqi.Black, Loser: xiangqi.Red,
		Chased: xiangqi.MakePiece(xiangqi.Black, xiangqi.Horse), Unprotected: true}
	tests := []struct {
		l    i18n.Lang
		r    xiangqi.Result
		want string
	}{
		{i18n.Simplified, xiangqi.Result{Status: xiangqi.Checkmate, Winner: xiangqi.Red, Loser: xiangqi.Black}, "红方胜：黑方被将死"},
		{i18n.Traditional, xiangqi.Result{Status: xiangqi.Checkmate, Winner: xiangqi.Black, Loser: xiangqi.Red}, "黑方勝：紅方被將死"},
		{i18n.Simplified, xiangqi.Result{Status: xiangqi.PerpetualCheck, Draw: true}, "和棋：双方长将"},
		{i18n.Simplified, xiangqi.Result{Status: xiangqi.PerpetualCheck, Winner: xiangqi.Black, Loser: xiangqi.Red}, "黑方胜：红方长将"},
		{i18n.Simplified, chase, "黑方胜：红方长捉无根马"},
		{i18n.Traditional, chase, "黑方勝：紅方長捉無根馬"},
		{i18n.English, chase, "Black wins: Red chased the unprotected horse perpetually"},
		{i18n.Simplified, xiangqi.Result{Status: xiangqi.MoveLimit, Draw: true}, "和棋：六十回合未吃子"},
		{i18n.Traditional, xiangqi.Result{Status: xiangqi.InsufficientMaterial, Draw: true}, "和棋：雙方都無過河子力"},
		{i18n.Simplified, xiangqi.Result{}, xiangqi.Result{}.Reason()},
	}
	for _, tt := range tests {
		if got := ResultText(tt.l, tt.r); got != tt.want {
			t.Errorf("ResultText(%s, %+v) = %q, want %q", tt.l, tt.r, got, tt.want)
		}
	}
}

func TestWhatText(t *testing.T) {
	for _, tt := range []struct {
		l          i18n.Lang
		what, want string
	}{
		{i18n.Simplified, "transcript", "棋谱"}, {i18n.Traditional, "board", "局面文字"},
		{i18n.Simplified, "moves (ICCS)", "着法 (ICCS)"}, {i18n.English, "moves (中文)", "moves (中文)"},
		{i18n.Simplified, "PGN", "PGN"},
	} {
		if got := WhatText(tt.l, tt.what); got != tt.want {
			t.Errorf("WhatText(%s, %q) = %q, want %q", tt.l, tt.what, got, tt.want)
		}
	}
}

// TestBoardWords: the status line, result and note of both games in each language; in English
// they are the games' own sentences (Status, Result, Note).
func TestBoardWords(t *testing.T) {
	tests := []struct {
		variant, text string // a position imported, "" for the start
		two           bool   // two players
		l             i18n.Lang
		status, note  string
	}{
		{VariantXiangqi, "", false, i18n.English, "Your move (Red)", ""},
		{VariantXiangqi, "", false, i18n.Simplified, "轮到你走（红方）", ""},
		{VariantXiangqi, "", true, i18n.Traditional, "紅方走棋", ""},
		{VariantXiangqi, "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1", true, i18n.Simplified, "黑方走棋 · 将军！", ""},
		{VariantXiangqi, "3k5/4R4/4R4/9/9/9/9/9/9/5K3 b - - 0 1", true, i18n.Simplified, "红方胜：黑方无子可走（困毙）", ""},
		{VariantXiangqi, "3k5/4R4/4R4/9/9/9/9/9/9/5K3 b - - 0 1", true, i18n.English, "Red wins: Black has no legal move", ""},
		{VariantReversi, "", true, i18n.English, "Black to move", "Black 2 · White 2"},
		{VariantReversi, "", false, i18n.Traditional, "輪到你走（黑棋）", "黑棋 2 · 白棋 2"},
		// Black has no move: the pass is played, White is to move.
		{VariantReversi, "OX" + strings.Repeat("-", 62) + " X", true, i18n.Simplified, "白棋走棋", "黑棋无处可下，弃权一手 · 黑棋 1 · 白棋 1"},
		{VariantReversi, "OX" + strings.Repeat("-", 62) + " X", true, i18n.English, "White to move", "Black has no move and passes · Black 1 · White 1"},
		{VariantReversi, "XX" + strings.Repeat("-", 62) + " O", true, i18n.Simplified, "黑棋胜 2–0", "黑棋 2 · 白棋 0"},
		{VariantReversi, "X-O" + strings.Repeat("-", 61) + " O", true, i18n.English, "Draw 1–1", "Black 1 · White 1"},
	}
	for _, tt := range tests {
		b := NewTable(tt.variant)
		b.EngineSaid("info string ready")
		if tt.two {
			b.SetTwoPlayer()
		}
		if tt.text != "" {
			if _, _, err := b.Import(tt.text); err != nil {
				t.Fatalf("%q: %v", tt.text, err)
			}
		}
		if got := StatusText(tt.l, b); got != tt.status {
			t.Errorf("%s %q %s: status %q, want %q", tt.variant, tt.text, tt.l, got, tt.status)
		}
		if got := TableNote(tt.l, b); got != tt.note {
			t.Errorf("%s %q %s: note %q, want %q", tt.variant, tt.text, tt.l, got, tt.note)
		}
	}
}
