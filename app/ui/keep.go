package ui

import (
	"fmt"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// Nothing a player made is lost without a word: a saved game that cannot be read is set aside
// (its text kept under another key) and reported; New asks first when a game is in progress,
// and the game it replaced can be brought back.

// previousKey is where the game New replaced is kept.
func previousKey(key string) string { return key + ".previous" }

// gameKey is the storage key of the game on the board.
func (p *Page) gameKey() string {
	if p.reversi() {
		return ReversiStorageKey
	}
	return StorageKey
}

// setAside keeps the unreadable text saved under key as key.unreadable.<time> and reports it.
func (p *Page) setAside(ctx app.Context, key string, why error) {
	raw, ok := storageRaw(key)
	if !ok {
		return
	}
	aside := key + ".unreadable." + strconv.FormatInt(time.Now().Unix(), 10)
	if err := storageSetRaw(aside, raw); err != nil {
		// The text cannot be copied (storage full): leave it where it is, unread.
		app.Log("keeping the unreadable saved game:", err)
		p.notice = p.lang.T(i18n.SavedGameUnreadable)
		return
	}
	ctx.LocalStorage().Del(key)
	app.Log("saved game under", key, "set aside as", aside+":", why)
	p.notice = p.lang.T(i18n.SavedGameSetAside, aside)
}

// saved is the game on the board as it is kept.
func (p *Page) saved() play.Saved { return p.board().Save() }

// recorded is how many moves the game on the board records (the redo tail too).
func (p *Page) recorded() int { return p.board().Len() }

// inProgress reports whether the game on the board has moves and has not ended.
func (p *Page) inProgress() bool { return p.recorded() > 0 && !p.board().Over() }

// newGame handles New: a game in progress is only replaced once confirmed; the game replaced
// is kept so that it can be brought back. It reports whether the board may start anew.
func (p *Page) newGame(ctx app.Context, confirmed bool) bool {
	if p.inProgress() && !confirmed {
		p.confirmNew = true
		return false
	}
	p.confirmNew = false
	if p.recorded() == 0 {
		return true // nothing to keep
	}
	key := p.gameKey()
	if err := ctx.LocalStorage().Set(previousKey(key), p.saved()); err != nil {
		app.Log("keeping the previous game:", err)
		return true
	}
	p.hasPrevious[key] = true
	return true
}

// restorePrevious brings back the game New replaced (the engine conversation stays).
func (p *Page) restorePrevious(ctx app.Context) {
	key := p.gameKey()
	var s play.Saved
	if err := ctx.LocalStorage().Get(previousKey(key), &s); err != nil || s.Version == 0 {
		p.hasPrevious[key] = false
		return
	}
	if !p.put(s) {
		return
	}
	ctx.LocalStorage().Del(previousKey(key))
	p.hasPrevious[key] = false
	p.changed(ctx)
}

// put puts a saved game of the game shown on the board, keeping the engine conversation and
// the level; one that cannot be read is reported and changes nothing.
func (p *Page) put(s play.Saved) bool {
	b, err := play.RestoreTable(s)
	if err != nil || b.Variant() != p.board().Variant() {
		p.notice = p.lang.T(i18n.SavedGameUnreadable)
		return false
	}
	b.SetLevel(p.settings.Level)
	p.setBoard(b)
	return true
}

// keepSlot asks to confirm New, or offers the game New replaced while the new one has no move.
func (p *Page) keepSlot() app.UI {
	l := p.lang
	slot := app.Div().Class("keep-slot")
	switch {
	case p.confirmNew:
		return slot.Body(app.Div().Class("confirm").Attr("role", "alertdialog").Attr("data-confirm", "new").Body(
			app.P().Text(l.T(i18n.ConfirmNew)),
			app.Div().Class("controls two").Body(
				controlButton("new-confirm", l.T(i18n.ConfirmNewYes), l.T(i18n.NewTitle), true),
				controlButton("new-cancel", l.T(i18n.ConfirmNewNo), l.T(i18n.ConfirmNewNo), true),
			),
		))
	case p.recorded() == 0 && p.hasPrevious[p.gameKey()]:
		return slot.Body(controlButton("restore-previous", l.T(i18n.RestorePrevious), l.T(i18n.RestorePreviousTitle), true))
	}
	return slot
}

// loadSaved reads the game of variant saved under key: nil and no error when nothing is
// saved, an error when something is saved that cannot be read (JSON or the game itself).
func loadSaved(ctx app.Context, key, variant string) (*play.Table, error) {
	if _, ok := storageRaw(key); !ok {
		return nil, nil
	}
	var s play.Saved
	if err := ctx.LocalStorage().Get(key, &s); err != nil {
		return nil, err
	}
	if (s.Game == play.VariantReversi) != (variant == play.VariantReversi) {
		return nil, fmt.Errorf("a game of %q is saved where a %s game belongs", s.Game, variant)
	}
	return play.RestoreTable(s)
}
