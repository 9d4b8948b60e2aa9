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

// storageKey is where the game of variant is kept.
func storageKey(variant string) string {
	if variant == play.VariantReversi {
		return ReversiStorageKey
	}
	return StorageKey
}

// gameKey is the storage key of the game on the board.
func (p *Page) gameKey() string { return storageKey(p.settings.Game) }

// shelf is the page's play.Shelf: the game New, an import, the editor, a reopened game or a
// restore replaced is kept under <key>.previous (play.Session keeps the rules).
type shelf struct{ storage app.BrowserStorage }

func previousKey(variant string) string { return storageKey(variant) + ".previous" }

func (s shelf) Keep(variant string, saved play.Saved) error {
	return s.storage.Set(previousKey(variant), saved)
}

func (s shelf) Kept(variant string) (play.Saved, bool) {
	var saved play.Saved
	if _, ok := storageRaw(previousKey(variant)); !ok {
		return saved, false
	}
	err := s.storage.Get(previousKey(variant), &saved)
	return saved, err == nil && saved.Version != 0
}

func (s shelf) Drop(variant string) { s.storage.Del(previousKey(variant)) }

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
func (p *Page) saved() play.Saved { return p.table().Save() }

// recorded is how many moves the game on the board records (the redo tail too).
func (p *Page) recorded() int { return p.table().Len() }

// kept says what keeping the replaced game went wrong with: it could not be kept (logged: the
// new game goes on), or the game to bring back could not be read.
func (p *Page) kept(e play.Effects) {
	if e.KeepErr != nil {
		app.Log("keeping the previous game:", e.KeepErr)
	}
	if e.Unreadable {
		p.notice = p.lang.T(i18n.SavedGameUnreadable)
	}
}

// keepSlot asks to confirm New, or offers the game replaced last while it can be brought back.
func (p *Page) keepSlot() app.UI {
	l := p.lang
	slot := app.Div().Class("keep-slot")
	switch {
	case p.s.AskingNew():
		return slot.Body(app.Div().Class("confirm").Attr("role", "alertdialog").Attr("data-confirm", "new").Body(
			app.P().Text(l.T(i18n.ConfirmNew)),
			// The new game's time control, chosen here as in the settings (the same choice).
			newClockSelect(l, p.table().NextTimeControl().String()),
			app.Div().Class("controls two").Body(
				controlButton("new-confirm", l.T(i18n.ConfirmNewYes), l.T(i18n.NewTitle), true),
				controlButton("new-cancel", l.T(i18n.ConfirmNewNo), l.T(i18n.ConfirmNewNo), true),
			),
		))
	case p.s.CanRestore():
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
