package ui

import (
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// HistoryKey keeps the last finished games (newest first), to be reopened.
const HistoryKey = "qipan.history"

// historyMax is how many finished games are kept.
const historyMax = 20

// finished is a game kept when it ended.
type finished struct {
	Game   string     `json:"game"`   // play.VariantXiangqi or play.VariantReversi
	Result string     `json:"result"` // the rules' sentence (English), as data-result says it
	When   int64      `json:"when"`   // Unix seconds
	Saved  play.Saved `json:"saved"`
}

// same reports whether two kept games are one game (same start and moves).
func (f finished) same(g finished) bool {
	return f.Game == g.Game && f.Saved.Start == g.Saved.Start && f.Saved.Moves == g.Saved.Moves
}

// loadHistory reads the kept games; an unreadable list is set aside like a game.
func (p *Page) loadHistory(ctx app.Context) {
	var h []finished
	if err := ctx.LocalStorage().Get(HistoryKey, &h); err != nil {
		p.setAside(ctx, HistoryKey, err)
		h = nil
	}
	p.history = h
}

// keepFinished adds the game on the board (saved) to the history when it has just ended.
func (p *Page) keepFinished(ctx app.Context, saved play.Saved) {
	b := p.table()
	f := finished{Game: b.Variant(), Result: b.Result(), Saved: saved}
	if f.Result == "" {
		return
	}
	for _, g := range p.history {
		if g.same(f) {
			return
		}
	}
	f.When = time.Now().Unix()
	p.history = append([]finished{f}, p.history...)
	if len(p.history) > historyMax {
		p.history = p.history[:historyMax]
	}
	if err := ctx.LocalStorage().Set(HistoryKey, p.history); err != nil {
		app.Log("keeping the finished game:", err)
	}
}

// reopen brings back kept game i; the game on the board is kept to be brought back (keep.go).
func (p *Page) reopen(ctx app.Context, i int) {
	if i < 0 || i >= len(p.history) {
		return
	}
	e, err := p.s.Reopen(p.history[i].Saved)
	if err != nil {
		p.notice = p.lang.T(i18n.SavedGameUnreadable)
		return
	}
	if v := p.s.Table().Variant(); v != p.settings.Game { // the game was the other game's
		p.setGame(v)
		p.saveSettings(ctx)
	}
	p.kept(e)
	p.apply(ctx, e)
}

// historySelect lists the kept games of both games, newest first; choosing one reopens it.
func (p *Page) historySelect() app.UI {
	l := p.lang
	if len(p.history) == 0 {
		return app.Div().Class("history-slot")
	}
	opts := []app.UI{option("", l.T(i18n.RecentGames), true)}
	for i, f := range p.history {
		name := "象棋"
		if f.Game == play.VariantReversi {
			name = "黑白棋"
		}
		when := time.Unix(f.When, 0).Format("2006-01-02 15:04")
		opts = append(opts, option(strconv.Itoa(i), when+" · "+name+" · "+f.Result, false))
	}
	return app.Div().Class("history-slot").Body(selector("history", l.T(i18n.RecentGamesTitle), opts))
}
