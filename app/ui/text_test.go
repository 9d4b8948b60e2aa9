package ui

import (
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
		{i18n.English, chase, chase.Reason()},
		{i18n.Simplified, xiangqi.Result{Status: xiangqi.MoveLimit, Draw: true}, "和棋：六十回合未吃子"},
		{i18n.Traditional, xiangqi.Result{Status: xiangqi.InsufficientMaterial, Draw: true}, "和棋：雙方都無過河子力"},
		{i18n.Simplified, xiangqi.Result{}, xiangqi.Result{}.Reason()},
	}
	for _, tt := range tests {
		if got := resultText(tt.l, tt.r); got != tt.want {
			t.Errorf("resultText(%s, %+v) = %q, want %q", tt.l, tt.r, got, tt.want)
		}
	}
	if got := chase.Reason(); got != "Black wins: Red chased the unprotected horse perpetually" {
		t.Errorf("English reason %q", got)
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
		if got := whatText(tt.l, tt.what); got != tt.want {
			t.Errorf("whatText(%s, %q) = %q, want %q", tt.l, tt.what, got, tt.want)
		}
	}
}

func TestDiscScore(t *testing.T) {
	for centi, want := range map[int]string{400: "+4.0", -200: "-2.0", 0: "0.0", -24: "-0.2", 149: "+1.5", 3: "0.0", -1250: "-12.5"} {
		if got := discScore(centi); got != want {
			t.Errorf("discScore(%d) = %q, want %q", centi, got, want)
		}
	}
}
