package desktop

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"qipan/app/i18n"
	"qipan/app/play"
)

// Store keeps the games and the settings as JSON files in a directory (the user's config
// directory's qipan/): one file per game (play.Saved, as the web keeps in localStorage), one
// for the settings and one for the puzzles' progress. A file that cannot be read back is renamed aside, not lost, and
// reported.
type Store struct {
	Dir string
	Now func() time.Time // for the names of files set aside
}

// Settings are the desktop's kept settings: the web's, and the window's size.
type Settings struct {
	play.Settings
	Width  int `json:"width,omitempty"`
	Height int `json:"height,omitempty"`
}

// DefaultDir is os.UserConfigDir()/qipan.
func DefaultDir() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "qipan"), nil
}

const settingsFile = "settings.json"

// puzzlesFile keeps the puzzles' progress (play.PuzzleProgress: solved and failed, by
// play.PuzzleID, and the puzzle rating), as the page keeps it in localStorage.
const puzzlesFile = "puzzles.json"

func gameFile(variant string) string { return "game-" + variant + ".json" }

// previousFile keeps the game that New, an import or a restore replaced, to bring it back.
func previousFile(variant string) string { return "game-" + variant + ".previous.json" }

// Unreadable is a kept file that could not be read, set aside (renamed) if it could be.
type Unreadable struct {
	Path     string
	Why      error
	Aside    string // the name it was renamed to ("" if it could not be)
	AsideErr error  // why it could not be renamed
	// Kept is how many of a saved game's moves were salvaged (on the board now), -1 when
	// nothing of it could be used.
	Kept int
}

// Text says what happened to the file, in l.
func (u Unreadable) Text(l i18n.Lang) string {
	if u.AsideErr != nil {
		return l.T(i18n.FileNotSetAside, u.Path, play.ErrorText(l, u.Why), u.AsideErr.Error())
	}
	aside := filepath.Join(filepath.Dir(u.Path), u.Aside)
	if u.Kept > 0 {
		return l.T(i18n.SaveSalvaged, play.ErrorText(l, u.Why), u.Kept, aside)
	}
	return l.T(i18n.FileSetAside, u.Path, play.ErrorText(l, u.Why), aside)
}

// Load reads the settings and both games. A missing file gives the default (a new game); a
// corrupt one is set aside (renamed to NAME.corrupt-TIME, whole) and described in the notes,
// and what can be used of a game (its moves up to a bad one) is on the board.
func (s Store) Load() (Settings, map[string]*play.Table, []Unreadable) {
	var notes []Unreadable
	var st Settings
	if err := s.read(settingsFile, &st); err != nil {
		notes = append(notes, s.setAside(settingsFile, err, -1))
		st = Settings{}
	}
	st.Settings = st.Settings.Normalize()
	boards := map[string]*play.Table{}
	for _, v := range []string{play.VariantXiangqi, play.VariantReversi} {
		var saved play.Saved
		b := play.NewTable(v)
		err := s.read(gameFile(v), &saved)
		kept := -1
		if err == nil && saved.Version != 0 {
			if saved.Game == "" && v != play.VariantXiangqi || saved.Game != "" && saved.Game != v {
				err = fmt.Errorf("it holds a %q game", saved.Game)
			} else if rb, n, rerr := play.SalvageTable(saved); rb != nil {
				b, err = rb, rerr
				if rerr != nil {
					kept = n
				}
			} else {
				err = rerr
			}
		}
		if err != nil {
			notes = append(notes, s.setAside(gameFile(v), err, kept))
		}
		b.SetLevel(st.Level)
		b.SetThorough(st.Report == play.ReportThorough)
		boards[v] = b
	}
	return st, boards, notes
}

// read decodes the JSON file name into v; a missing file is no error (v stays as it is).
func (s Store) read(name string, v any) error {
	data, err := os.ReadFile(filepath.Join(s.Dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// setAside renames a file that could not be read (whole) and says so; kept is how many moves
// of it are on the board (-1: none of it).
func (s Store) setAside(name string, why error, kept int) Unreadable {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	from := filepath.Join(s.Dir, name)
	to := from + ".corrupt-" + now().UTC().Format("20060102-150405")
	if err := os.Rename(from, to); err != nil {
		return Unreadable{Path: from, Why: why, AsideErr: err, Kept: kept}
	}
	return Unreadable{Path: from, Why: why, Aside: filepath.Base(to), Kept: kept}
}

// The Store is the session's play.Shelf: it keeps the game New, an import or a restore
// replaced, one per game, beside the game's file.

// Keep keeps saved as the game of variant that was replaced, to bring it back.
func (s Store) Keep(variant string, saved play.Saved) error {
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	return s.write(previousFile(variant), saved)
}

// Kept returns the kept replaced game of variant, if one is kept and readable.
func (s Store) Kept(variant string) (play.Saved, bool) {
	var saved play.Saved
	data, err := os.ReadFile(filepath.Join(s.Dir, previousFile(variant)))
	if err != nil || json.Unmarshal(data, &saved) != nil || saved.Version == 0 {
		return play.Saved{}, false
	}
	return saved, true
}

// Drop forgets the kept replaced game of variant (it was brought back); a file that cannot
// be removed is overwritten by the next game kept.
func (s Store) Drop(variant string) {
	os.Remove(filepath.Join(s.Dir, previousFile(variant)))
}

// Save writes the settings and the games (each through a temporary file, so a crash while
// writing leaves the old file whole).
func (s Store) Save(st Settings, boards map[string]*play.Table) error {
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	errs := []error{s.write(settingsFile, st)}
	for v, b := range boards {
		errs = append(errs, s.write(gameFile(v), b.Save()))
	}
	return errors.Join(errs...)
}

func (s Store) write(name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	path := filepath.Join(s.Dir, name)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// LoadPuzzles reads the puzzles' progress and rating: none kept is an empty one; a file that
// cannot be read (or whose rating is damaged) is set aside (and described) like a game's, and
// the progress starts empty. A progress kept before the rating reads as it was
// (play.PuzzleProgress's saved form); states other than solved and failed are dropped.
func (s Store) LoadPuzzles() (play.PuzzleProgress, *Unreadable) {
	var pp play.PuzzleProgress
	if err := s.read(puzzlesFile, &pp); err != nil {
		u := s.setAside(puzzlesFile, err, -1)
		return play.PuzzleProgress{}, &u
	}
	return pp, nil
}

// SavePuzzles writes the puzzles' progress (through a temporary file, as the games).
func (s Store) SavePuzzles(pp play.PuzzleProgress) error {
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	return s.write(puzzlesFile, pp)
}
